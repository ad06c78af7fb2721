// `@outils/server-db/testing`: a fresh, migrated database per test run, dropped at the end.
export * from './test-database';
