import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { WebRuntimeConfig } from '@outils/contracts';

// Browser security headers of the web app (docs/product/rules.md#R187), through helmet (the API
// uses it too) plus Permissions-Policy and HSTS over HTTPS. The Content-Security-Policy allows the
// site itself, the API origin (calls, tool images) and, when one is configured, the analytics
// origin (its script and its beacons) — nothing else. Styles: 'unsafe-inline' because the dialogs'
// scroll lock (Radix, react-remove-scroll) inserts a <style> element at run time; scripts stay
// strict (no inline script, no eval).

type CspConfig = Pick<WebRuntimeConfig, 'apiUrl' | 'analyticsScriptUrl'>;

/** The origin of a URL, or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The CSP directives, as an ordered list of [name, sources]. */
export function cspDirectives({ apiUrl, analyticsScriptUrl }: CspConfig): Array<[string, string]> {
  const api = originOf(apiUrl);
  const analytics = analyticsScriptUrl ? originOf(analyticsScriptUrl) : null;
  const list = (...sources: Array<string | null>) => sources.filter(Boolean).join(' ');
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

/** Features the site never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers on every answer. HSTS only over HTTPS (`req.secure`, which believes
 * X-Forwarded-Proto from the proxies `trust proxy` names): over plain HTTP a browser ignores it,
 * and a local `npm start` must stay reachable over http.
 */
export function securityHeaders(config: CspConfig): RequestHandler {
  const directives = Object.fromEntries(cspDirectives(config).map(([name, sources]) => [name, sources.split(' ')]));
  const standard = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return (req, res, next) =>
    standard(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
      return next();
    });
}
