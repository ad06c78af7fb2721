// @ts-check
// The rehearsal's object store, a process of its own: `@20minutes/s3rver`, an S3-protocol server
// from npm (a maintained fork of s3rver) that keeps objects in a folder. What it does not emulate
// is listed in docs/scaling.md § Rehearsal. Usage: node s3-server.cjs <port> <folder> <bucket>
const S3rver = require('@20minutes/s3rver');

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then(
  (address) => console.log(`s3rver listening on ${address.address}:${address.port}, bucket ${bucket}`),
  (error) => { console.error(error); process.exit(1); },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close().finally(() => process.exit(0)));
