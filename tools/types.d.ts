// Packages the tools use that ship no types of their own: what the tools read of them is typed
// where it is used (tools/bench/lib/load.mjs, tools/lib/maildev.mjs).
declare module 'autocannon';
declare module 'maildev';
declare module '@20minutes/s3rver' {
  class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory?: string; configureBuckets?: Array<{ name: string }> });
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
  }
  export = S3rver;
}
