import 'reflect-metadata';
import { loadConfigOrExit } from '@outils/server-config';
import { createApp } from './app.factory';

async function bootstrap() {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.http.port, config.http.host);
}

void bootstrap();
