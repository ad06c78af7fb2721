import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { loadWebServerConfig, WebServerConfigError } from './load-web-server-config';
import { WebServerEnvDto } from './web-server-env.dto';

/** docs/product/rules.md#R833, #R801: the web server's configuration, checked at start. */
describe('loadWebServerConfig', () => {
  it('gives development defaults, listening on the loopback interface only', () => {
    const config = loadWebServerConfig({});
    expect(config.http).toEqual({ port: 4200, host: '127.0.0.1', trustProxy: 'loopback' });
    expect(config.runtime).toEqual({ apiUrl: 'http://localhost:3000', analyticsScriptUrl: null, productionHost: null });
    expect(config.apiInternalUrl).toBe('http://localhost:3000');
    expect(config.distDir).toBe('dist/apps/web');
    expect(config.pages).toEqual({ keptBytes: 8 * 1024 * 1024, keptMaxAgeMs: 600_000, rendersPerNetworkPerMinute: 300 });
    expect(Object.isFrozen(config)).toBe(true);
    expect(loadWebServerConfig({ NODE_ENV: 'test' }).http.host).toBe('127.0.0.1');
  });

  it('listens on every interface in production, and where WEB_HOST says in any mode', () => {
    expect(loadWebServerConfig({ NODE_ENV: 'production' }).http.host).toBe('0.0.0.0');
    expect(loadWebServerConfig({ WEB_HOST: '0.0.0.0' }).http.host).toBe('0.0.0.0');
    expect(loadWebServerConfig({ NODE_ENV: 'production', WEB_HOST: '10.0.0.5' }).http.host).toBe('10.0.0.5');
  });

  it('reads the runtime settings for /config.js and the API reached by the server itself', () => {
    const config = loadWebServerConfig({
      API_URL: 'https://api.outils.fr/', API_INTERNAL_URL: 'http://api-gateway:80/', ANALYTICS_SCRIPT_URL: ' https://stats.outils.fr/js/script.js ',
      PRODUCTION_HOST: 'outils.fr', WEB_PORT: '8080', WEB_DIST_DIR: '/app/web', TRUST_PROXY: '1',
    });
    expect(config.runtime).toEqual({ apiUrl: 'https://api.outils.fr', analyticsScriptUrl: 'https://stats.outils.fr/js/script.js', productionHost: 'outils.fr' });
    expect(config.apiInternalUrl).toBe('http://api-gateway:80');
    expect(config.http).toMatchObject({ port: 8080, trustProxy: 1 });
    expect(config.distDir).toBe('/app/web');
    expect(loadWebServerConfig({ WEB_KEPT_PAGES_MB: '48', WEB_KEPT_PAGE_MAX_AGE_SECONDS: '60', WEB_RENDERS_PER_NETWORK_PER_MINUTE: '1000' }).pages)
      .toEqual({ keptBytes: 48 * 1024 * 1024, keptMaxAgeMs: 60_000, rendersPerNetworkPerMinute: 1000 });
    // API_URL's default follows API_PORT; blank values are unset ones.
    expect(loadWebServerConfig({ API_PORT: '3100', ANALYTICS_SCRIPT_URL: '', PRODUCTION_HOST: '  ' }).runtime).toEqual({ apiUrl: 'http://localhost:3100', analyticsScriptUrl: null, productionHost: null });
  });

  it('stops with a message naming each malformed variable', () => {
    let message = '';
    try {
      loadWebServerConfig({ WEB_PORT: '99999', API_URL: 'api.outils.fr', ANALYTICS_SCRIPT_URL: 'javascript:alert(1)', PRODUCTION_HOST: 'outils.fr/chemin', TRUST_PROXY: 'true', NODE_ENV: 'prod', WEB_KEPT_PAGES_MB: '0', WEB_RENDERS_PER_NETWORK_PER_MINUTE: 'beaucoup' });
    } catch (error) {
      expect(error).toBeInstanceOf(WebServerConfigError);
      message = (error as Error).message;
    }
    for (const name of ['WEB_PORT', 'API_URL', 'ANALYTICS_SCRIPT_URL', 'PRODUCTION_HOST', 'TRUST_PROXY', 'NODE_ENV', 'WEB_KEPT_PAGES_MB', 'WEB_RENDERS_PER_NETWORK_PER_MINUTE']) expect(message).toContain(name);
  });

  it('documents every variable in .env.example', () => {
    const example = readFileSync(join(__dirname, '../../../../../.env.example'), 'utf8');
    const keys = new Set(getMetadataStorage().getTargetValidationMetadatas(WebServerEnvDto, '', true, false).map((m) => m.propertyName));
    expect(keys.size).toBeGreaterThanOrEqual(10);
    expect([...keys].filter((key) => !new RegExp(`^#?\\s*${key}=`, 'm').test(example))).toEqual([]);
  });
});
