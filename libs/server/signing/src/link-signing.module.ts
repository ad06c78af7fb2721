import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@outils/server-config';
import { LinkSigner } from './link-signer';

/** Provides the one `LinkSigner` of the process, keyed by the configured link secret. */
@Global()
@Module({
  providers: [{ provide: LinkSigner, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LinkSigner(config.downloads.secret) }],
  exports: [LinkSigner],
})
export class LinkSigningModule {}
