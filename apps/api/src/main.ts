import 'reflect-metadata';
import { loadConfig } from '@outils/server-config';
import { createApp } from './app.factory';

async function bootstrap() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const app = await createApp(config);
  await app.listen(config.http.port, config.http.host);
}

void bootstrap();
