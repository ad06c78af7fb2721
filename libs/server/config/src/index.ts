export * from './env.dto';
export * from './load-config';
export * from './config.module';
export * from './log-privacy';
export * from './trust-proxy';
