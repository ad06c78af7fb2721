// @ts-check
// Browser security headers of the web app, for its static web server (web-server.mjs),
// through helmet (the API uses it too) plus Permissions-Policy and HSTS over HTTPS.
// The web image runs the same server (docker/Dockerfile.web); tools/start/test checks its headers.
//
// docs/product/rules.md#R187. The Content-Security-Policy allows the site itself, the API origin (calls, tool images) and,
// when one is configured, the analytics origin (its script and its beacons) — nothing else.
// Styles: 'unsafe-inline' because the dialogs' scroll lock (Radix, react-remove-scroll) inserts a
// <style> element at run time; scripts stay strict (no inline script, no eval).

import helmet from 'helmet';

/** The origin of a URL, or null when it is not an http(s) URL. @param {string} url */
export function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The CSP directives, as an ordered list of [name, sources].
 * @param {{ apiUrl: string, analyticsScriptUrl?: string | null }} config
 * @returns {Array<[string, string]>}
 */
export function cspDirectives({ apiUrl, analyticsScriptUrl }) {
  const api = originOf(apiUrl);
  const analytics = analyticsScriptUrl ? originOf(analyticsScriptUrl) : null;
  const list = (/** @type {Array<string | null>} */ ...sources) => sources.filter(Boolean).join(' ');
  return [
    ['default-src', "'self'"],
    ['script-src', list("'self'", analytics)],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', list("'self'", 'data:', 'blob:', api, analytics)],
    ['font-src', "'self'"],
    ['connect-src', list("'self'", api, analytics)],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['frame-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
}

/** @param {{ apiUrl: string, analyticsScriptUrl?: string | null }} config */
export function contentSecurityPolicy(config) {
  return cspDirectives(config).map(([name, sources]) => `${name} ${sources}`).join('; ');
}

/** Features the site never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Express middleware: the headers on every answer. HSTS only over HTTPS (`req.secure`, which
 * believes X-Forwarded-Proto from the proxies `trust proxy` names): over plain HTTP a browser
 * ignores it, and a local `npm start` must stay reachable over http.
 * @param {{ apiUrl: string, analyticsScriptUrl?: string | null }} config
 * @returns {import('express').RequestHandler}
 */
export function securityHeaders(config) {
  const directives = Object.fromEntries(cspDirectives(config).map(([name, sources]) => [name, sources.split(' ')]));
  const standard = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return (req, res, next) =>
    standard(req, res, (error) => {
      if (error) return next(error);
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
      return next();
    });
}

/**
 * TRUST_PROXY as Express takes it (same meaning as the API's): a hop count or a list; loopback by default.
 * @param {string | undefined} raw
 * @returns {string | number | string[]}
 */
export function trustProxySetting(raw) {
  const text = (raw ?? '').trim();
  if (text === '') return 'loopback';
  if (/^\d{1,2}$/.test(text)) return Number(text);
  return text.split(',').map((item) => item.trim()).filter(Boolean);
}
