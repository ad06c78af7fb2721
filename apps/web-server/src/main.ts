// The web server (docs/architecture.md#web-server): `npm start`, the browser journeys, the bench
// and the web image run this program, bundled by `nx run web-server:build` into
// dist/apps/web-server/main.js. Its settings come from the environment, checked at start
// (libs/server/config, docs/product/rules.md#R833).
import { resolve } from 'node:path';
import { loadWebServerConfig, WebServerConfigError } from '@outils/server-config/web-server';
import { createWebApp, listen, MissingWebBuildError } from './web-app';

async function main(): Promise<void> {
  const loaded = loadWebServerConfig();
  const config = { ...loaded, distDir: resolve(loaded.distDir) };
  const { port, host } = config.http;
  const server = await listen(createWebApp(config), port, host).catch((error: Error) => {
    throw new Error(`Le serveur web ne peut pas écouter sur ${host}:${port} : ${error.message}`);
  });
  console.log(`Site servi sur http://localhost:${port} (écoute sur ${host}) depuis ${config.distDir}`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: Error) => {
  const known = error instanceof WebServerConfigError || error instanceof MissingWebBuildError;
  console.error(known ? error.message : `${error.message}`);
  process.exit(1);
});
