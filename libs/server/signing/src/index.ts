export * from './link-signer';
export * from './link-signing.module';
export * from './update-alert-links';
export * from './plan-links';
