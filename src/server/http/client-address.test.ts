import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address';

const headers = (values: Record<string, string>) => new Headers(values);

describe('clientAddressOf: one rule for the API and the Auth.js sign-in', () => {
  it('ignores X-Forwarded-For without a trusted proxy', () => {
    expect(clientAddressOf(headers({ 'x-forwarded-for': '203.0.113.7' }), '10.0.0.1', 0)).toBe('10.0.0.1');
  });

  it('takes the entry the nearest trusted proxy appended, not what the client wrote before it', () => {
    const forged = headers({ 'x-forwarded-for': '198.51.100.9, 203.0.113.7' });
    expect(clientAddressOf(forged, '10.0.0.1', 1)).toBe('203.0.113.7');
    expect(clientAddressOf(forged, '10.0.0.1', 2)).toBe('198.51.100.9');
  });

  it('falls back to the socket when the header is missing, too short or not an address', () => {
    expect(clientAddressOf(headers({}), '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(clientAddressOf(headers({ 'x-forwarded-for': '203.0.113.7' }), '10.0.0.1', 2)).toBe('10.0.0.1');
    expect(clientAddressOf(headers({ 'x-forwarded-for': 'evil' }), '10.0.0.1', 1)).toBe('10.0.0.1');
  });

  it('reads the address the server entry stamped when there is no socket (Auth.js inside Astro)', () => {
    const stamped = headers({ 'x-nipm-client-address': '10.0.0.2', 'x-forwarded-for': '203.0.113.7' });
    expect(clientAddressOf(stamped, undefined, 0)).toBe('10.0.0.2');
    expect(clientAddressOf(stamped, undefined, 1)).toBe('203.0.113.7');
    expect(clientAddressOf(headers({}), undefined, 0)).toBe('unknown');
  });

  it('reads IPv6 addresses', () => {
    expect(clientAddressOf(headers({ 'x-forwarded-for': '2001:db8::1' }), '::1', 1)).toBe('2001:db8::1');
  });
});
