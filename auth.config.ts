import Credentials from '@auth/core/providers/credentials';
import { CredentialsSignin } from '@auth/core/errors';
import type { JWT } from '@auth/core/jwt';
import { defineConfig } from 'auth-astro';
import { isRoleId, type RoleId } from './src/lib/roles';
import { logAuthError } from './src/server/domains/identity/auth-log';
import { checkApiToken } from './src/server/domains/identity/authorize';
import { deviceCookieHeader, deviceCookieIn, offerDeviceCookie } from './src/server/domains/identity/device-cookie';
import { verifyApiToken } from './src/server/domains/identity/token';
import { clientAddressOf } from './src/server/http/client-address';
import { getDb } from './src/server/platform/db';
import { env } from './src/server/platform/env';
import { writeAudit } from './src/server/domains/audit/audit';
import { issueApiToken, signInWithPassword, type SignInPortal } from './src/server/domains/identity/sign-in';

/**
 * Auth.js for auth-astro: e-mail and password through the sign-in service (throttling and audit
 * included), a JWT session carrying the role, the member id and the API token. The failure codes
 * (`invalid`, `throttled-<seconds>`, `member-account`) reach the sign-in page in the answer URL.
 */
class SignInRefused extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

/** What the session cookie keeps besides Auth.js's own claims. */
interface SessionClaims {
  roleId?: RoleId;
  memberId?: number | null;
  apiToken?: string;
  apiTokenExpires?: string;
}

interface AuthorizedUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  roleId: RoleId;
  memberId: number | null;
  apiToken: string;
  apiTokenExpires: string;
}

const sessionSeconds = () => Math.round(env().SESSION_HOURS * 3600);

export default defineConfig({
  // Read at request time, never at build time (DESIGN.md pitfalls): env() also generates and
  // keeps a secret in the data folder when AUTH_SECRET is not set.
  get secret() {
    return process.env.AUTH_SECRET ?? env().AUTH_SECRET;
  },
  trustHost: true,
  // Behind HTTPS (SITE_URL https; TLS usually ends at the proxy, which may not say so) the session
  // and CSRF cookies are Secure (and take their __Secure-/__Host- names) whatever the request's scheme.
  get useSecureCookies() {
    return env().SITE_URL.startsWith('https:');
  },
  session: {
    strategy: 'jwt',
    get maxAge() {
      return sessionSeconds();
    },
  },
  pages: { signIn: '/auth/login', error: '/auth/login' },
  logger: {
    error: logAuthError,
  },
  providers: [
    Credentials({
      id: 'credentials',
      credentials: { email: {}, password: {}, portal: {} },
      async authorize(credentials, request): Promise<AuthorizedUser> {
        const email = typeof credentials.email === 'string' ? credentials.email : '';
        const password = typeof credentials.password === 'string' ? credentials.password : '';
        if (!email || !password || password.length > 512) throw new SignInRefused('invalid');
        const portal: SignInPortal = credentials.portal === 'staff' ? 'staff' : 'member';
        const db = await getDb();
        const now = new Date();
        const config = env();
        const result = await signInWithPassword(
          db,
          {
            email,
            password,
            portal,
            // The entry stamps the socket's address on the request; no socket here.
            address: clientAddressOf(request.headers, undefined, config.TRUST_PROXY),
            deviceCookie: deviceCookieIn(request.headers.get('cookie')),
          },
          { now, secret: config.AUTH_SECRET },
        );
        if (!result.ok) {
          throw new SignInRefused(
            result.reason === 'throttled' ? `throttled-${result.retryAfterSeconds}` : result.reason,
          );
        }
        offerDeviceCookie(deviceCookieHeader(result.deviceCookie, config.SITE_URL.startsWith('https:')));
        const issued = await issueApiToken(
          { id: result.user.id, tokenVersion: result.tokenVersion },
          config.AUTH_SECRET,
          sessionSeconds(),
          now,
        );
        return {
          id: String(result.user.id),
          name: result.user.name,
          email: result.user.email,
          image: result.user.image,
          roleId: result.user.roleId,
          memberId: result.user.memberId,
          apiToken: issued.token,
          apiTokenExpires: issued.expiresAt,
        };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      const claims = token as JWT & SessionClaims;
      if (trigger === 'signIn' && user) {
        const signedIn = user as unknown as AuthorizedUser;
        claims.sub = signedIn.id;
        claims.roleId = signedIn.roleId;
        claims.memberId = signedIn.memberId;
        claims.apiToken = signedIn.apiToken;
        claims.apiTokenExpires = signedIn.apiTokenExpires;
      }
      // After a password change the client hands over its fresh API token. Only the token is
      // taken, and only if it is genuine, current and this session's user's.
      if (trigger === 'update') {
        const fresh = (session as { token?: unknown } | undefined)?.token;
        if (typeof fresh === 'string') {
          const now = new Date();
          const secret = env().AUTH_SECRET;
          const verified = await verifyApiToken(fresh, secret, now);
          const check = await checkApiToken(await getDb(), secret, fresh, now);
          if (verified.ok && check.ok && String(check.user.id) === claims.sub) {
            claims.apiToken = fresh;
            claims.apiTokenExpires = verified.expiresAt.toISOString();
            claims.roleId = check.user.roleId;
            claims.memberId = check.user.memberId;
            claims.name = check.user.name;
          }
        }
      }
      return claims;
    },
    session({ session, token }) {
      const claims = token as JWT & SessionClaims;
      const roleId = isRoleId(claims.roleId) ? claims.roleId : undefined;
      const user = {
        name: claims.name ?? null,
        email: claims.email ?? '',
        image: claims.picture ?? null,
        roleId,
        memberId: claims.memberId ?? null,
        token: claims.apiToken ?? '',
      };
      // The session ends when its API token does: Auth.js would otherwise roll the date forward.
      const expires = claims.apiTokenExpires ?? session.expires;
      return { ...session, user, expires } as unknown as typeof session;
    },
  },
  events: {
    async signOut(message) {
      const token = 'token' in message ? message.token : null;
      const userId = Number(token?.sub);
      if (!Number.isInteger(userId)) return;
      await writeAudit(await getDb(), {
        action: 'auth.sign_out',
        at: new Date(),
        actorUserId: userId,
        entity: 'user',
        entityId: userId,
      });
    },
  },
});
