import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { EnvDto } from './env.dto';
import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  // A complete production environment (the publisher's identity included).
  const PRODUCTION_BASE_WITH_PUBLISHER = () => ({
    NODE_ENV: 'production', DATABASE_URL: 'postgres://db/outils', SMTP_URL: 'smtp://mail:25', DOWNLOAD_URL_SECRET: 'x'.repeat(40),
    PUBLISHER_NAME: 'Agence', PUBLISHER_LEGAL_FORM: 'SAS', PUBLISHER_SIRET: '12345678900012', PUBLISHER_ADDRESS: 'Lyon',
    PUBLISHER_EMAIL: 'contact@agence.fr', PUBLICATION_DIRECTOR: 'Le président', HOSTING_NAME: 'Hébergeur',
    HOSTING_ADDRESS: 'Roubaix', HOSTING_PHONE: '03 00 00 00 00',
  });

  it('gives development defaults', () => {
    const config = loadConfig({});
    expect(config.http.port).toBe(3000);
    expect(config.urls.web).toBe('http://localhost:4200');
    expect(config.admin.email).toBe('admin@example.com');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('listens on the loopback interface outside production, on every interface in production, unless API_HOST says (docs/product/rules.md#R801)', () => {
    expect(loadConfig({}).http.host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).http.host).toBe('127.0.0.1');
    expect(loadConfig({ API_HOST: '0.0.0.0' }).http.host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION_BASE_WITH_PUBLISHER()).http.host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION_BASE_WITH_PUBLISHER(), API_HOST: '10.0.0.5' }).http.host).toBe('10.0.0.5');
  });

  it('has no signing secret in its code: outside production a random one per start, unless DOWNLOAD_URL_SECRET (docs/product/rules.md#R802)', () => {
    const [first, second] = [loadConfig({}).downloads.secret, loadConfig({}).downloads.secret];
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).not.toBe(first);
    expect(first).not.toMatch(/dev|change-me/i);
    expect(loadConfig({ DOWNLOAD_URL_SECRET: 'k'.repeat(40) }).downloads.secret).toBe('k'.repeat(40));
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
      PUBLISHER_NAME: 'Agence', PUBLISHER_LEGAL_FORM: 'SAS', PUBLISHER_SIRET: '12345678900012', PUBLISHER_ADDRESS: 'Lyon',
      PUBLISHER_EMAIL: 'contact@agence.fr', PUBLICATION_DIRECTOR: 'Le président', HOSTING_NAME: 'Hébergeur',
      HOSTING_ADDRESS: 'Roubaix', HOSTING_PHONE: '03 00 00 00 00',
    });
    expect(config.admin.email).toBeUndefined();
  });

  const PRODUCTION_PUBLISHER = {
    PUBLISHER_NAME: 'Conseil Numérique Lyonnais', PUBLISHER_LEGAL_FORM: 'SARL', PUBLISHER_SIRET: '12345678900012',
    PUBLISHER_ADDRESS: '10 quai Saint-Antoine, 69002 Lyon', PUBLISHER_EMAIL: 'contact@conseil-numerique.fr',
    PUBLICATION_DIRECTOR: 'Le gérant de la société', HOSTING_NAME: 'Hébergeur SAS', HOSTING_ADDRESS: '5 rue du Serveur, 59100 Roubaix',
    HOSTING_PHONE: '03 00 00 00 00',
  };
  const PRODUCTION_BASE = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/outils', SMTP_URL: 'smtp://mail:25', DOWNLOAD_URL_SECRET: 'x'.repeat(40) };

  it('refuses to start production without the publisher\'s legal identity, naming each missing variable', () => {
    let message = '';
    try {
      loadConfig(PRODUCTION_BASE);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of Object.keys(PRODUCTION_PUBLISHER)) expect(message).toContain(`${name}: required in production`);
    // Optional parts (capital, RCS, VAT, phone, social profiles) are not demanded.
    for (const name of ['PUBLISHER_SHARE_CAPITAL', 'PUBLISHER_RCS', 'PUBLISHER_VAT_NUMBER', 'SOCIAL_LINKEDIN_URL']) expect(message).not.toContain(name);
  });

  it('takes the publisher from the environment in production, never a demonstration value', () => {
    const { publisher } = loadConfig({ ...PRODUCTION_BASE, ...PRODUCTION_PUBLISHER, SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/conseil-numerique' });
    expect(publisher).toMatchObject({
      name: 'Conseil Numérique Lyonnais', legalForm: 'SARL', siret: '12345678900012', shareCapital: null, rcs: null,
      hosting: { name: 'Hébergeur SAS', address: '5 rue du Serveur, 59100 Roubaix', phone: '03 00 00 00 00' },
      social: { linkedin: 'https://www.linkedin.com/company/conseil-numerique', instagram: null, facebook: null },
      demo: false,
    });
    expect(() => loadConfig({ ...PRODUCTION_BASE, ...PRODUCTION_PUBLISHER, PUBLISHER_SIRET: '123' })).toThrow(/PUBLISHER_SIRET/);
    expect(() => loadConfig({ ...PRODUCTION_BASE, ...PRODUCTION_PUBLISHER, SOCIAL_FACEBOOK_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_FACEBOOK_URL/);
  });

  it('gives npm start a complete publisher marked as a demonstration', () => {
    const { publisher } = loadConfig({});
    expect(publisher.demo).toBe(true);
    expect(publisher.name).toMatch(/démonstration/);
    expect(publisher.hosting.name).toMatch(/démonstration/);
    for (const value of [publisher.legalForm, publisher.siret, publisher.address, publisher.email, publisher.director, publisher.shareCapital, publisher.rcs]) {
      expect(value).toBeTruthy();
    }
    // Social profiles are never invented: their icons stay hidden until a URL is set.
    expect(publisher.social).toEqual({ linkedin: null, instagram: null, facebook: null });
    // One value set in development: still marked as a demonstration while others are defaults.
    expect(loadConfig({ PUBLISHER_NAME: 'Mon agence' }).publisher).toMatchObject({ name: 'Mon agence', demo: true, shareCapital: null });
    expect(loadConfig(PRODUCTION_PUBLISHER).publisher.demo).toBe(false);
  });

  it('trusts only loopback proxies by default; TRUST_PROXY takes a hop count or addresses, never "true"', () => {
    expect(loadConfig({}).http.trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '1' }).http.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,uniquelocal' }).http.trustProxy).toBe('10.0.0.0/8, 192.168.1.7, uniquelocal');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it('serves the API documentation in production only when API_DOCS=true', () => {
    const production = { ...PRODUCTION_BASE, ...PRODUCTION_PUBLISHER };
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
