export * from './entities';
export * from './migrations';
export * from './data-source';
export * from './testing/test-database';
export * from './seed';
