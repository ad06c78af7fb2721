#!/usr/bin/env node
// @ts-check
// `npm run rehearsal`: the production topology on this machine (topology.mjs), until Ctrl-C;
// then every process it started is stopped and its database, folders and ports are freed.
// `npm run drills -- ` with DRILLS_ONLY=7 runs the drill on the same topology.
import { finish } from '../lib/cleanup.mjs';
import { log } from '../lib/log.mjs';
import { useProjectNode } from '../lib/node-runtime.mjs';
import { measureTopology } from './measure.mjs';
import { BUCKET, startTopology } from './topology.mjs';

await useProjectNode(); // the Node the images run (docs/product/rules.md#R820)

const HELP = `npm run rehearsal — the production topology on this machine, until Ctrl-C

nginx (docker/nginx-api.conf) in front of 2 API processes, 2 workers, 2 web servers behind a
round-robin, PostgreSQL (a database of its own on the server of DATABASE_URL or 127.0.0.1:5432),
a private redis-server, MailDev and an S3-protocol server (@20minutes/s3rver), all on free ports,
each with the environment docker/compose.yaml gives its container.
Settings: REHEARSAL_TOOLS (500 tools seeded), BENCH_BUILD=true (rebuild the bundles).
--measure: measure instead of waiting (1 vs 2 API processes, database connections, a 50-tool ZIP
from S3 vs disk), written to docs/scaling.md; REHEARSAL_CONNECTIONS (50), REHEARSAL_SECONDS (40),
REHEARSAL_ZIP_FILE_MB (4), REHEARSAL_WRITE_DOCS=false to print only.`;

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}

async function main() {
  const topology = await startTopology({ tools: Number(process.env.REHEARSAL_TOOLS ?? 500) });
  if (process.argv.includes('--measure')) {
    await measureTopology(topology);
    return;
  }
  console.log(`
Répétition de la production en cours (Ctrl-C pour tout arrêter) :
  site (2 serveurs web)        ${topology.webUrl}
  API (passerelle nginx, 2 API) ${topology.apiUrl}
  API en direct                ${topology.apis.map((a) => a.url).join(', ')}
  MailDev                      ${topology.maildev.webUrl}
  stockage S3                  ${topology.s3Endpoint} (seau ${BUCKET})
  jeton admin                  UserToken: ${topology.admin.token}
  journaux                     ${topology.logDir}
`);
  await new Promise((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, resolve);
  });
  log('stopping the rehearsal…');
}

finish(main());
