import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig, loadConfig } from './load-config';

/** Injection token of the frozen `AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class ConfigModule {
  /** Tests pass their own config; the apps read the environment once. */
  static forRoot(config: Readonly<AppConfig> = loadConfig()): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
