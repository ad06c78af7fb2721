export * from './link-signer';
export * from './link-signing.module';
