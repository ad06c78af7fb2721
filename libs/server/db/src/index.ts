// Runtime entry point: what the API, the worker and the CLI need at run time. The demo seed
// (`@outils/server-db/seed`) and the test-database helpers (`@outils/server-db/testing`) have
// their own entry points, so that the apps' bundles do not carry them.
export * from './entities';
export * from './migrations';
export * from './data-source';
export * from './transaction';
export * from './changed';
export * from './related/related-tools.repository';
export * from './stats/daily-stats.repository';
export * from './publication';
export * from './stats/partner-report-months';
