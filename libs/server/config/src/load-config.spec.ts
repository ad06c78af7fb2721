import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { EnvDto } from './env.dto';
import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('gives development defaults', () => {
    const config = loadConfig({});
    expect(config.http.port).toBe(3000);
    expect(config.urls.web).toBe('http://localhost:4200');
    expect(config.admin.email).toBe('admin@example.com');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('stops with a message naming a malformed variable', () => {
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow(/API_PORT/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(ConfigError);
  });

  it('demands secrets in production and has no default admin there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL[\s\S]*SMTP_URL[\s\S]*DOWNLOAD_URL_SECRET/);
    const config = loadConfig({
      NODE_ENV: 'production', DATABASE_URL: 'postgres://db/outils', SMTP_URL: 'smtp://mail:25',
      DOWNLOAD_URL_SECRET: 'x'.repeat(40),
    });
    expect(config.admin.email).toBeUndefined();
  });

  it('trusts only loopback proxies by default; TRUST_PROXY takes a hop count or addresses, never "true"', () => {
    expect(loadConfig({}).http.trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '1' }).http.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,uniquelocal' }).http.trustProxy).toBe('10.0.0.0/8, 192.168.1.7, uniquelocal');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it('serves the API documentation in production only when API_DOCS=true', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/outils', SMTP_URL: 'smtp://mail:25', DOWNLOAD_URL_SECRET: 'x'.repeat(40) };
    expect(loadConfig({}).http.docs).toBe(true);
    expect(loadConfig(production).http.docs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).http.docs).toBe(true);
  });

  it('documents every variable in .env.example', () => {
    const example = readFileSync(join(__dirname, '../../../../.env.example'), 'utf8');
    const keys = new Set(getMetadataStorage().getTargetValidationMetadatas(EnvDto, '', true, false).map((m) => m.propertyName));
    const missing = [...keys].filter((key) => !new RegExp(`^#?\\s*${key}=`, 'm').test(example));
    expect(keys.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
