import 'reflect-metadata';
import type { WebRuntimeConfig } from '@outils/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { defaultListenHost, parseTrustProxy } from '../trust-proxy';
import { WebServerEnvDto } from './web-server-env.dto';

/** The web server's settings (apps/web-server), read from the environment once at start. */
export interface WebServerConfig {
  env: 'development' | 'production' | 'test';
  http: {
    port: number;
    host: string;
    /** Express `trust proxy`, read as the API reads it: whether the page came over HTTPS (HSTS). */
    trustProxy: number | string;
  };
  /** The web build served. */
  distDir: string;
  /** What `/config.js` gives browsers. */
  runtime: WebRuntimeConfig;
  /** Where this server reaches the API; never sent to browsers. */
  apiInternalUrl: string;
  /** Guests' rendered pages (docs/product/rules.md#R889, #R834). */
  pages: {
    keptBytes: number;
    keptMaxAgeMs: number;
    rendersPerNetworkPerMinute: number;
  };
}

export class WebServerConfigError extends Error {}

const withoutTrailingSlash = (url: string) => url.replace(/\/$/, '');
const blankToUndefined = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/**
 * Reads and validates the web server's environment (docs/product/rules.md#R833): a malformed
 * variable stops the server at start with a message naming it, as the API and the worker do.
 */
export function loadWebServerConfig(source: Record<string, string | undefined> = process.env): Readonly<WebServerConfig> {
  // An empty value means unset (compose passes `ANALYTICS_SCRIPT_URL=` when the .env leaves it blank).
  const cleaned = Object.fromEntries(Object.entries(source).map(([key, value]) => [key, blankToUndefined(value)]));
  const dto = plainToInstance(WebServerEnvDto, cleaned, { enableImplicitConversion: false });
  const problems = validateSync(dto, { skipMissingProperties: false, whitelist: false }).map(
    (e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`,
  );
  const env = dto.NODE_ENV ?? 'development';
  const trustProxy = parseTrustProxy(dto.TRUST_PROXY);
  if ('error' in trustProxy) problems.push(trustProxy.error);
  if (problems.length > 0) throw new WebServerConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);

  const apiUrl = withoutTrailingSlash(dto.API_URL ?? `http://localhost:${dto.API_PORT ?? 3000}`);
  return Object.freeze({
    env,
    http: {
      port: dto.WEB_PORT ?? 4200,
      host: dto.WEB_HOST ?? defaultListenHost(env),
      trustProxy: 'value' in trustProxy ? trustProxy.value : 'loopback',
    },
    distDir: dto.WEB_DIST_DIR ?? 'dist/apps/web',
    runtime: Object.freeze({ apiUrl, analyticsScriptUrl: dto.ANALYTICS_SCRIPT_URL ?? null, productionHost: dto.PRODUCTION_HOST ?? null }),
    apiInternalUrl: withoutTrailingSlash(dto.API_INTERNAL_URL ?? apiUrl),
    pages: Object.freeze({
      keptBytes: (dto.WEB_KEPT_PAGES_MB ?? 8) * 1024 * 1024,
      keptMaxAgeMs: (dto.WEB_KEPT_PAGE_MAX_AGE_SECONDS ?? 600) * 1000,
      rendersPerNetworkPerMinute: dto.WEB_RENDERS_PER_NETWORK_PER_MINUTE ?? 300,
    }),
  });
}
