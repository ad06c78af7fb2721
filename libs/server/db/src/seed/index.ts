// `@outils/server-db/seed`: the demo data (CLI `db:seed`, the start script, browser tests).
export * from './seed';
export { DEMO_ACTIVITY_AREAS, seedAccounts } from './seed-accounts';
export { DEMO_DIAGNOSTIC, seedDiagnostic } from './seed-diagnostic';
export type { DemoAnswer, DemoAxis, DemoQuestion } from './seed-diagnostic';
