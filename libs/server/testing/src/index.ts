export * from './free-port';
export * from './smtp-catcher';
