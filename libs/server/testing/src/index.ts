export * from './free-port';
export * from './smtp-catcher';
export * from './test-run';
