import type { IncomingMessage } from 'node:http';
import { metricsAccessAllowed } from './metrics-access';

const req = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('metricsAccessAllowed', () => {
  it('lets loopback callers in when no token is configured', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(metricsAccessAllowed(req(address), undefined)).toBe(true);
  });

  it('refuses other addresses and proxied requests without a token', () => {
    expect(metricsAccessAllowed(req('10.0.0.5'), undefined)).toBe(false);
    expect(metricsAccessAllowed(req('::ffff:192.168.1.2'), undefined)).toBe(false);
    expect(metricsAccessAllowed(req('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), undefined)).toBe(false);
    expect(metricsAccessAllowed(req('127.0.0.1', { forwarded: 'for=203.0.113.9' }), undefined)).toBe(false);
  });

  it('requires the bearer token when one is configured, even on loopback', () => {
    expect(metricsAccessAllowed(req('127.0.0.1'), 'jeton-secret')).toBe(false);
    expect(metricsAccessAllowed(req('127.0.0.1', { authorization: 'Bearer autre' }), 'jeton-secret')).toBe(false);
    expect(metricsAccessAllowed(req('10.0.0.5', { authorization: 'Bearer jeton-secret' }), 'jeton-secret')).toBe(true);
    expect(metricsAccessAllowed(req('10.0.0.5', { authorization: 'Basic jeton-secret' }), 'jeton-secret')).toBe(false);
  });
});
