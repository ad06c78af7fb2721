export * from './free-port';
export * from './polling';
export * from './smtp-catcher';
export * from './test-run';
