export * from './metrics-access';
export * from './registry';
