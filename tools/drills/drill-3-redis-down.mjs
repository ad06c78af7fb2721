// @ts-check
// Drill 3: the (private) Redis unreachable during 50 sign-ups, then back: 50 activation mails
// delivered, none twice, and the worker kept running.
import { randomBytes } from 'node:crypto';
import { log } from '../lib/log.mjs';
import { sleep } from '../lib/ports.mjs';
import { mailCounts, pool, signUp, statusSummary, waitForMails } from './lib.mjs';

/** @param {import('./stack.mjs').DrillStack} stack @param {import('./stack.mjs').Record} record */
export async function drillRedisDown({ apiUrl, worker, redis, maildev }, record) {
  const addresses = Array.from({ length: 50 }, (_, i) => `exercice3-${i}-${randomBytes(3).toString('hex')}@example.com`);
  const workerPid = worker.child?.pid;
  await redis.stop();
  log('drill 3: private Redis stopped; 50 sign-ups…');
  const t0 = Date.now();
  const answers = await pool(addresses, 5, (mail) => signUp(apiUrl, mail));
  const signupSeconds = (Date.now() - t0) / 1000;
  await sleep(3_000);
  const during = await mailCounts(maildev, addresses);
  await redis.start();
  log('drill 3: Redis back; waiting for the mails…');
  const after = await waitForMails(maildev, addresses, 120_000);
  await sleep(5_000); // a late duplicate would show up here
  const final = await mailCounts(maildev, addresses);
  const ok = answers.filter((a) => a.status === 200).length;
  const statuses = answers.reduce((/** @type {Record<string, number>} */ acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
  const workerAlive = worker.child?.pid === workerPid && worker.child?.exitCode === null;
  record(3, 'Redis unreachable during 50 sign-ups, then back: 50 activation mails delivered, none twice',
    `sign-ups ${statusSummary(statuses)} in ${signupSeconds.toFixed(1)} s (slowest ${Math.max(...answers.map((a) => a.ms))} ms); mails while Redis was down ${during.delivered}; ` +
    `after Redis came back: ${final.delivered}/50 delivered in ${(after.ms / 1000).toFixed(1)} s, ${final.twice} twice; worker kept running: ${workerAlive}`,
    ok === 50 && final.delivered === 50 && final.twice === 0);
}
