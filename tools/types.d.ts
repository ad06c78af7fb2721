// Packages the tools use that ship no types of their own: what the tools read of them is typed
// where it is used (tools/bench/lib/load.mjs, tools/lib/maildev.mjs).
declare module 'autocannon';
declare module 'maildev';
