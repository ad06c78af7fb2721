// @ts-check
// The environment of the API and worker bundles in production mode for the bench and the drills.
import { randomBytes } from 'node:crypto';

/** The environment of the API and worker bundles in production mode, on their own ports. */
/**
 * @param {{ databaseUrl: string, apiPort: number, apiUrl: string, webUrl: string, workerPort: number, smtpUrl: string, redisUrl: string, redisPrefix: string, storageDir: string, extra?: Record<string, string> }} options
 * @returns {NodeJS.ProcessEnv}
 */
export function productionEnv({ databaseUrl, apiPort, apiUrl, webUrl, workerPort, smtpUrl, redisUrl, redisPrefix, storageDir, extra = {} }) {
  const env = { ...process.env };
  // Nothing of the caller's shell configuration leaks in (e.g. a DATABASE_URL of another run).
  for (const key of Object.keys(env)) if (/^(DATABASE_|REDIS_|SMTP_|API_|WEB_|STORAGE_|S3_|ADMIN_|MAILJET_|METRICS_|WORKER_)/.test(key)) delete env[key];
  return {
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SMTP_URL: smtpUrl,
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    API_URL: apiUrl,
    WEB_URL: webUrl,
    STORAGE_DRIVER: 'disk',
    STORAGE_DIR: storageDir,
    WORKER_HTTP_PORT: String(workerPort),
    DOWNLOAD_URL_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_ENABLED: 'false',
    // Production demands the publisher's legal identity (legal notice); these runs serve no page.
    ...Object.fromEntries(Object.entries(MEASUREMENT_PUBLISHER).filter(([key]) => !process.env[key])),
    ...extra,
  };
}

export const MEASUREMENT_PUBLISHER = {
  PUBLISHER_NAME: 'Agence Exemple (mesures)', PUBLISHER_LEGAL_FORM: 'SAS', PUBLISHER_SIRET: '00000000000000',
  PUBLISHER_ADDRESS: '1 rue de l’Exemple, 69000 Lyon', PUBLISHER_EMAIL: 'contact@outils.example',
  PUBLICATION_DIRECTOR: 'La présidente', HOSTING_NAME: 'Hébergeur Exemple', HOSTING_ADDRESS: '2 avenue de l’Exemple, 75000 Paris',
  HOSTING_PHONE: '01 00 00 00 00',
};
