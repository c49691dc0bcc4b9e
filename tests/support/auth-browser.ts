import { Auth, type AuthConfig } from '@auth/core';
import { withDeviceCookieScope } from '../../src/server/domains/identity/device-cookie';

const ORIGIN = 'http://localhost:4321';

/**
 * A browser talking to the Auth.js configuration (auth.config.ts) exactly as auth-astro calls it,
 * with the sign-in callback inside the device-cookie scope as the site's middleware runs it. It
 * keeps its cookies (the session's and the device cookie) between calls.
 */
export class AuthBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    private config: AuthConfig,
    public address: string,
  ) {}

  async call(method: string, path: string, body?: Record<string, string> | { json: unknown }): Promise<Response> {
    const headers = new Headers({ 'x-nipm-client-address': this.address, 'x-auth-return-redirect': '1' });
    headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    let payload: string | undefined;
    if (body && 'json' in body) {
      headers.set('content-type', 'application/json');
      payload = JSON.stringify(body.json);
    } else if (body) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      payload = new URLSearchParams(body).toString();
    }
    const request = new Request(`${ORIGIN}${path}`, { method, headers, body: payload });
    const response = await withDeviceCookieScope(() => Auth(request, this.config));
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair as string).split('=');
      const text = value.join('=');
      if (text) this.cookies.set(name as string, text);
      else this.cookies.delete(name as string);
    }
    return response;
  }

  async csrf(): Promise<string> {
    return ((await (await this.call('GET', '/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
  }

  /** The `code` of a refused sign-in, or 'ok'. */
  async signIn(email: string, password: string, portal: 'member' | 'staff', csrfToken?: string): Promise<string> {
    const token = csrfToken ?? (await this.csrf());
    const response = await this.call('POST', '/api/auth/callback/credentials', {
      csrfToken: token,
      email,
      password,
      portal,
    });
    const { url } = (await response.json()) as { url: string };
    return new URL(url).searchParams.get('code') ?? 'ok';
  }

  async session(): Promise<{ user: Record<string, unknown>; expires: string } | null> {
    return (await this.call('GET', '/api/auth/session')).json();
  }

  async signOut(): Promise<void> {
    await this.call('POST', '/api/auth/signout', { csrfToken: await this.csrf(), callbackUrl: '/' });
  }
}
