export * from './env.dto';
export * from './load-config';
export * from './config.module';
