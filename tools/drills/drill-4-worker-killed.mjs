// @ts-check
// Drill 4: the worker SIGKILLed during a batch of mails (DRILL4_BATCH, 120): every mail delivered
// after it restarts, none lost. Inconclusive (not run) when the batch was done before the kill.
import { randomBytes } from 'node:crypto';
import { log } from '../lib/log.mjs';
import { sleep } from '../lib/ports.mjs';
import { mailCounts, num, pool, signUp, waitForMails } from './lib.mjs';

/** @param {import('./stack.mjs').DrillStack} stack @param {import('./stack.mjs').Record} record */
export async function drillWorkerKilled({ apiUrl, worker, maildev }, record) {
  const batch = num('DRILL4_BATCH', 120);
  const addresses = Array.from({ length: batch }, (_, i) => `exercice4-${i}-${randomBytes(3).toString('hex')}@example.com`);
  // The batch piles up while the worker is stopped, then the worker starts on it and is killed.
  await worker.stop('SIGTERM');
  const answers = await pool(addresses, 6, (mail) => signUp(apiUrl, mail));
  const accepted = answers.filter((a) => a.status === 200).length;
  worker.start();
  let before = { delivered: 0 };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    before = await mailCounts(maildev, addresses);
    if (before.delivered >= 3) break;
    await sleep(20);
  }
  const running = /** @type {NonNullable<typeof worker.child>} */ (worker.child);
  running.expectedExit = true;
  running.kill('SIGKILL');
  await new Promise((r) => (running.exitCode !== null || running.signalCode ? r(undefined) : running.once('exit', r)));
  const atKill = await mailCounts(maildev, addresses);
  log(`drill 4: worker SIGKILLed with ${atKill.delivered}/${batch} mails delivered; restarting it in 2 s`);
  await sleep(2_000);
  worker.start();
  const after = await waitForMails(maildev, addresses, 120_000);
  await sleep(3_000);
  const final = await mailCounts(maildev, addresses);
  const inconclusive = atKill.delivered >= batch;
  record(4, `worker SIGKILLed during a batch of ${batch} mails: all delivered after it restarts, none lost`,
    `${accepted}/${batch} sign-ups accepted; killed with ${atKill.delivered}/${batch} delivered; after restart ${final.delivered}/${batch} delivered ` +
    `(${(after.ms / 1000).toFixed(1)} s after the restart), ${batch - final.delivered} lost, ${final.twice} delivered twice${inconclusive ? ' — INCONCLUSIVE: the batch was done before the kill' : ''}`,
    inconclusive ? null : accepted === batch && final.delivered === batch);
}
