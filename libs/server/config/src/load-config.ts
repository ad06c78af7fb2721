import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DEFAULT_MAX_IMAGE_MB, DEFAULT_MAX_TOOL_FILE_MB, type SitePublisher } from '@outils/contracts';
import { EnvDto } from './env.dto';
import { defaultListenHost, parseTrustProxy } from './trust-proxy';

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  logLevel: string;
  urls: { api: string; web: string };
  http: {
    port: number;
    host: string;
    /** Express `trust proxy`: a hop count or a list of addresses, subnets and names (loopback…). */
    trustProxy: number | string;
    /** OpenAPI page at /api/docs: outside production, or with API_DOCS=true. */
    docs: boolean;
  };
  db: { url: string; poolSize: number };
  redis: { url: string; prefix: string };
  smtp: { url: string; from: string };
  storage: {
    driver: 'disk' | 's3';
    dir: string;
    s3: { endpoint?: string; region: string; bucket: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  };
  auth: { sessionDays: number; activationHours: number; resetHours: number; rateLimitEnabled: boolean };
  downloads: { secret: string; ttlSeconds: number; logRetentionMonths: number };
  uploads: { maxToolFileBytes: number; maxImageBytes: number; tmpDir: string; idleMs: number };
  admin: { email?: string; password?: string };
  mailjet: { apiKey?: string; apiSecret?: string; listId?: string; apiUrl: string };
  metrics: { token?: string; workerPort: number };
  publisher: PublisherConfig;
  /** The licence of the tools, in the open catalogue and on each sheet (docs/product/rules.md#R990). */
  licence: { name: string; url: string };
}

/**
 * The publisher's legal identity, shown by the web's legal pages and footer (`GET /api/site`,
 * docs/product/rules.md#R195): the contract's shape, so that the answer is the configuration as is.
 * `demo` is true when any value is a demonstration default (never in production).
 */
export type PublisherConfig = SitePublisher;

/**
 * Runtime twin of the `AppConfig` interface (declaration merging). Decorated constructors
 * (`@Inject(APP_CONFIG) config: AppConfig`) emit metadata that names the type; bundled code needs
 * a value behind that name.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export abstract class AppConfig {}

export class ConfigError extends Error {}

/** Licence Ouverte 2.0 of Etalab, as data.gouv.fr knows it (docs/product/rules.md#R990). */
export const DEFAULT_LICENCE = { name: 'Licence Ouverte 2.0 (Etalab)', url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/' } as const;

/**
 * Demonstration identity for `npm start` and the tests: complete, so that every legal page reads
 * as it will in production, and visibly not a real company. Production has no default.
 */
export const DEMO_PUBLISHER = {
  PUBLISHER_NAME: 'Agence Exemple (démonstration)',
  PUBLISHER_LEGAL_FORM: 'SAS',
  PUBLISHER_SHARE_CAPITAL: '10 000 €',
  PUBLISHER_SIRET: '000 000 000 00000',
  PUBLISHER_RCS: 'RCS Lyon 000 000 000',
  PUBLISHER_VAT_NUMBER: 'FR00 000000000',
  PUBLISHER_ADDRESS: '1 rue de l’Exemple, 69000 Lyon',
  PUBLISHER_EMAIL: 'contact@outils.example',
  PUBLICATION_DIRECTOR: 'La présidente de l’Agence Exemple',
  HOSTING_NAME: 'Hébergeur Exemple (démonstration)',
  HOSTING_ADDRESS: '2 avenue de l’Exemple, 75000 Paris',
  HOSTING_PHONE: '01 00 00 00 00',
} as const;

type PublisherVariable = keyof typeof DEMO_PUBLISHER;

/**
 * Reads and validates the environment once. A missing or malformed variable stops the process
 * with a message naming it, instead of failing later at the first request.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Readonly<AppConfig> {
  const dto = plainToInstance(EnvDto, { ...source }, { enableImplicitConversion: false });
  const errors = validateSync(dto, { skipMissingProperties: false, whitelist: false });
  const env = dto.NODE_ENV ?? 'development';
  const problems = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`);

  const required = (name: keyof EnvDto, devDefault: string | undefined): string => {
    const value = dto[name] as string | undefined;
    if (value) return value;
    if (env === 'production' || devDefault === undefined) {
      problems.push(`${name}: required${env === 'production' ? ' in production' : ''}`);
      return '';
    }
    return devDefault;
  };

  // Outside production, a missing value takes its demonstration default; optional ones too when
  // the whole identity is the demonstration one (nothing set), so that its pages read complete.
  const publisherVariables = Object.keys(DEMO_PUBLISHER) as PublisherVariable[];
  const wholeDemo = env !== 'production' && publisherVariables.every((name) => !(dto[name] as string | undefined)?.trim());
  let demoPublisher = false;
  const publisherValue = (name: PublisherVariable, mandatory: boolean): string | null => {
    const value = (dto[name] as string | undefined)?.trim();
    if (value) return value;
    if (env === 'production') {
      if (mandatory) problems.push(`${name}: required in production (legal notice)`);
      return mandatory ? '' : null;
    }
    if (!mandatory && !wholeDemo) return null;
    demoPublisher = true;
    return DEMO_PUBLISHER[name];
  };
  const optional = (value: string | undefined) => value?.trim() || null;

  const apiPort = dto.API_PORT ?? 3000;
  const trustProxy = parseTrustProxy(dto.TRUST_PROXY);
  if ('error' in trustProxy) problems.push(trustProxy.error);
  const config: AppConfig = {
    env,
    logLevel: dto.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
    urls: {
      api: (dto.API_URL ?? `http://localhost:${apiPort}`).replace(/\/$/, ''),
      web: (dto.WEB_URL ?? 'http://localhost:4200').replace(/\/$/, ''),
    },
    licence: {
      name: dto.CATALOGUE_LICENCE_NAME?.trim() || DEFAULT_LICENCE.name,
      url: dto.CATALOGUE_LICENCE_URL?.trim() || DEFAULT_LICENCE.url,
    },
    http: {
      port: apiPort,
      host: dto.API_HOST ?? defaultListenHost(env),
      trustProxy: 'value' in trustProxy ? trustProxy.value : 'loopback',
      docs: env !== 'production' || dto.API_DOCS === 'true',
    },
    db: { url: required('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/outils'), poolSize: dto.DATABASE_POOL_SIZE ?? 10 },
    redis: { url: dto.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: dto.REDIS_PREFIX ?? 'outils' },
    smtp: { url: required('SMTP_URL', 'smtp://127.0.0.1:1025'), from: dto.MAIL_FROM ?? 'Outils <bonjour@outils.example>' },
    storage: {
      driver: dto.STORAGE_DRIVER ?? 'disk',
      dir: dto.STORAGE_DIR ?? '.data/storage',
      s3: {
        endpoint: dto.S3_ENDPOINT,
        region: dto.S3_REGION ?? 'eu-west-3',
        bucket: dto.S3_BUCKET ?? 'outils',
        accessKeyId: dto.S3_ACCESS_KEY_ID,
        secretAccessKey: dto.S3_SECRET_ACCESS_KEY,
        forcePathStyle: dto.S3_FORCE_PATH_STYLE === 'true',
      },
    },
    auth: { sessionDays: 30, activationHours: 48, resetHours: 1, rateLimitEnabled: dto.RATE_LIMIT_ENABLED !== 'false' },
    downloads: {
      // No secret in the code (docs/product/rules.md#R802): `npm start` passes the one it keeps in
      // .data/; an API started alone outside production draws its own, valid until it stops.
      secret: required('DOWNLOAD_URL_SECRET', randomBytes(32).toString('base64url')),
      ttlSeconds: dto.DOWNLOAD_URL_TTL_SECONDS ?? 300,
      logRetentionMonths: dto.DOWNLOAD_LOG_RETENTION_MONTHS ?? 13,
    },
    uploads: {
      maxToolFileBytes: (dto.MAX_TOOL_FILE_MB ?? DEFAULT_MAX_TOOL_FILE_MB) * 1024 * 1024,
      maxImageBytes: (dto.MAX_IMAGE_MB ?? DEFAULT_MAX_IMAGE_MB) * 1024 * 1024,
      tmpDir: dto.UPLOAD_TMP_DIR ?? join(tmpdir(), 'outils-uploads'),
      idleMs: (dto.UPLOAD_IDLE_SECONDS ?? 30) * 1000,
    },
    admin: {
      email: dto.ADMIN_EMAIL ?? (env === 'production' ? undefined : 'admin@example.com'),
      password: dto.ADMIN_PASSWORD ?? (env === 'production' ? undefined : 'Admin-Outils-2026!'),
    },
    mailjet: {
      apiKey: dto.MAILJET_API_KEY,
      apiSecret: dto.MAILJET_API_SECRET,
      listId: dto.MAILJET_LIST_ID,
      apiUrl: (dto.MAILJET_API_URL ?? 'https://api.mailjet.com').replace(/\/$/, ''),
    },
    metrics: { token: dto.METRICS_TOKEN, workerPort: dto.WORKER_HTTP_PORT ?? 3001 },
    publisher: {
      name: publisherValue('PUBLISHER_NAME', true)!,
      legalForm: publisherValue('PUBLISHER_LEGAL_FORM', true)!,
      shareCapital: publisherValue('PUBLISHER_SHARE_CAPITAL', false),
      siret: publisherValue('PUBLISHER_SIRET', true)!,
      rcs: publisherValue('PUBLISHER_RCS', false),
      vatNumber: publisherValue('PUBLISHER_VAT_NUMBER', false),
      address: publisherValue('PUBLISHER_ADDRESS', true)!,
      phone: optional(dto.PUBLISHER_PHONE),
      email: publisherValue('PUBLISHER_EMAIL', true)!,
      director: publisherValue('PUBLICATION_DIRECTOR', true)!,
      hosting: {
        name: publisherValue('HOSTING_NAME', true)!,
        address: publisherValue('HOSTING_ADDRESS', true)!,
        phone: publisherValue('HOSTING_PHONE', true)!,
      },
      social: {
        linkedin: optional(dto.SOCIAL_LINKEDIN_URL),
        instagram: optional(dto.SOCIAL_INSTAGRAM_URL),
        facebook: optional(dto.SOCIAL_FACEBOOK_URL),
      },
      demo: false,
    },
  };
  config.publisher.demo = demoPublisher;

  if (config.storage.driver === 's3' && (!config.storage.s3.accessKeyId || !config.storage.s3.secretAccessKey)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when STORAGE_DRIVER=s3');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return Object.freeze(config);
}

/** For `main.ts`: the configuration, or the list of what is wrong and exit code 1. */
export function loadConfigOrExit(source: Record<string, string | undefined> = process.env): Readonly<AppConfig> {
  try {
    return loadConfig(source);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
