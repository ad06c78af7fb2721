import { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebServer } from './web-server-process';

/** An address of this machine other than the loopback one, when it has one. */
const externalAddress = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/**
 * docs/product/rules.md#R801: outside production the web server listens on the loopback interface
 * only (`localhost` still reaches it), in production on every interface, unless WEB_HOST says.
 */
describe('where the web server listens', () => {
  let dir: string;
  const servers: ChildProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'outils-web-listen-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Outils</title>');
  });
  afterAll(() => {
    for (const server of servers) server.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string>) => {
    const started = await startWebServer(dir, { WEB_HOST: '', ...env });
    servers.push(started.server);
    return new URL(started.base).port;
  };
  const answers = (url: string) => fetch(url, { signal: AbortSignal.timeout(3000) }).then((res) => res.ok, () => false);

  it('outside production: localhost answers, the network does not', async () => {
    const port = await start({ NODE_ENV: 'development' });
    expect(await answers(`http://localhost:${port}/config.js`)).toBe(true);
    if (externalAddress) expect(await answers(`http://${externalAddress}:${port}/config.js`)).toBe(false);
  });

  it('in production, and wherever WEB_HOST says: the network answers too', async () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'development', WEB_HOST: '0.0.0.0' }] as Array<Record<string, string>>) {
      const port = await start(env);
      expect(await answers(`http://localhost:${port}/config.js`)).toBe(true);
      if (externalAddress) expect(await answers(`http://${externalAddress}:${port}/config.js`)).toBe(true);
    }
  });
});
