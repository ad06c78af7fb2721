// @ts-check
// Drill 7a, on the rehearsed topology (tools/rehearsal): DRILL7_CONNECTIONS (200) clients for
// DRILL7_DURATION (60) seconds on public reads through the API gateway (listing, filters, sheets;
// a third of them as a signed-in member, which the micro-cache lets through to the API), pages
// rendered by the web servers, and downloads (link, then file), while one API process is
// SIGKILLed and restarted, one worker is SIGKILLed in the middle of a batch of mails, and one web
// server is restarted. Target: no failed request, every mail delivered once.
import { randomBytes } from 'node:crypto';
import { log } from '../lib/log.mjs';
import { sleep } from '../lib/ports.mjs';
import { load } from '../bench/lib/load.mjs';
import { mailCounts, num, pool, PASSWORD, statusSummary } from './lib.mjs';
import { clientAddress, count, request } from './topology-lib.mjs';

/** @typedef {import('../rehearsal/topology.mjs').Topology} Topology */

/**
 * @param {Topology} t
 * @returns {{ all: () => Promise<import('../lib/maildev.mjs').CaughtMail[]> }}
 */
export const mailReader = (t) => ({ all: async () => (await fetch(`${t.maildev.webUrl}/email`)).json() });

/** Download clients, each from an address of its own (the per-IP download budget is 60 in 10 min). @param {Topology} t @param {number} clients @param {number} seconds */
async function downloads(t, clients, seconds) {
  /** @type {Record<string, number>} */
  const statuses = {};
  let bytes = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, i) => {
    const localAddress = clientAddress(1000 + i);
    for (let n = 0; n < 25 && Date.now() < until; n += 1) {
      const toolId = 1 + Math.floor(Math.random() * 400);
      const link = await request(`${t.apiUrl}/tools/download?toolId=${toolId}`, { localAddress });
      count(statuses, `link ${link.status}`);
      if (link.status !== 200) continue;
      const file = await request(String(JSON.parse(link.body.toString()).url), { localAddress });
      count(statuses, `file ${file.status}`);
      bytes += file.body.length;
      await sleep(Math.max(0, (seconds * 1000) / 25 - 50));
    }
  }));
  return { statuses, bytes };
}

/** @param {Topology} t @param {import('./stack.mjs').Record} record */
export async function drillTopologyLoad(t, record) {
  const seconds = num('DRILL7_DURATION', 60);
  const connections = num('DRILL7_CONNECTIONS', 200);
  const batch = num('DRILL7_MAILS', 40);
  const [apiConnections, webConnections, downloadClients] = [Math.round(connections * 0.8), Math.round(connections * 0.1), Math.max(1, Math.round(connections * 0.1))];
  const member = t.admin.headers;
  /** @param {object} req */
  const randomRead = (req) => {
    const r = Math.random();
    const path = r < 0.4 ? `/api/tools?page=${1 + Math.floor(Math.random() * 20)}`
      : r < 0.5 ? `/api/tools?categories%5B%5D=${t.refs.category_id}`
      : r < 0.6 ? '/api/filters'
      : `/tools/outil-${1 + Math.floor(Math.random() * 400)}`;
    return { ...req, path, headers: Math.random() < 1 / 3 ? member : {} };
  };
  /** @param {object} req */
  const randomPage = (req) => ({ ...req, path: Math.random() < 0.5 ? `/tools/outil-${1 + Math.floor(Math.random() * 400)}` : '/toolspage' });

  /** @type {string[]} */
  const events = [];
  const started = Date.now();
  const at = (/** @type {string} */ what) => { events.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`); log(`drill 7a: ${what}`); };
  const addresses = Array.from({ length: batch }, (_, i) => `repetition-${i}-${randomBytes(3).toString('hex')}@example.com`);
  /** @type {Record<string, number>} */
  const signUps = {};

  const faults = (async () => {
    const [api1, worker1, web1] = [t.apis[0].process, t.workers[0].process, t.webs[0].process];
    await sleep(seconds * 200);
    const child = /** @type {NonNullable<typeof api1.child>} */ (api1.child);
    child.expectedExit = true;
    child.kill('SIGKILL');
    at(`API process 1 SIGKILLed (pid ${child.pid})`);
    await sleep(3_000);
    api1.start();
    at('API process 1 started again');
    await sleep(seconds * 150);
    // A batch of sign-ups (each from its own address: 20 an hour per IP); worker 1 is SIGKILLed
    // while the batch is being sent, as soon as the first mails are out.
    const workerChild = /** @type {NonNullable<typeof worker1.child>} */ (worker1.child);
    let batchDone = false;
    const killer = (async () => {
      while ((await mailCounts(mailReader(t), addresses)).delivered < 3 && !batchDone) await sleep(25);
      workerChild.expectedExit = true;
      workerChild.kill('SIGKILL');
      at(`worker 1 SIGKILLed with ${(await mailCounts(mailReader(t), addresses)).delivered}/${batch} mails delivered`);
    })();
    const answers = await pool(addresses, 4, async (mail, i) => (await request(`${t.apiUrl}/api/user/new`, {
      method: 'POST', localAddress: clientAddress(2000 + i),
      json: { lastName: 'Répétition', firstName: 'Camille', mail, password: PASSWORD, passwordConfirm: PASSWORD },
    })).status);
    batchDone = true;
    for (const s of answers) count(signUps, s);
    at(`${batch} sign-ups answered (${statusSummary(signUps)})`);
    await killer;
    await sleep(2_000);
    worker1.start();
    at('worker 1 started again');
    await sleep(Math.max(0, started + seconds * 700 - Date.now()));
    await web1.stop('SIGTERM');
    at('web server 1 stopped (SIGTERM)');
    web1.start();
    at('web server 1 started again');
  })();

  const [api, web, files] = await Promise.all([
    load({ url: t.apiUrl, connections: apiConnections, duration: seconds, requests: [{ setupRequest: randomRead }], timeout: 10 }),
    load({ url: t.webUrl, connections: webConnections, duration: seconds, requests: [{ setupRequest: randomPage }], timeout: 10 }),
    downloads(t, downloadClients, seconds),
  ]);
  await faults;
  const mailWait = Date.now();
  let mails = await mailCounts(mailReader(t), addresses);
  while (mails.delivered < batch && Date.now() - mailWait < 100_000) {
    await sleep(500);
    mails = await mailCounts(mailReader(t), addresses);
  }
  const mailMs = Date.now() - mailWait;
  await sleep(3_000);
  mails = await mailCounts(mailReader(t), addresses);

  const failedFiles = Object.entries(files.statuses).filter(([k]) => !/ 200$/.test(k)).reduce((a, [, n]) => a + n, 0);
  const accepted = signUps[200] ?? 0;
  const failed = api.non2xx + api.errors + api.timeouts + web.non2xx + web.errors + web.timeouts + failedFiles;
  record('7a', `${connections} connections × ${seconds} s (API reads, rendered pages, downloads) through the gateway while an API process is SIGKILLed and restarted, a worker SIGKILLed mid-mail, a web server restarted: 0 failed requests, every mail once`,
    `API reads: ${api.total} (${statusSummary(api.statuses)}), ${Math.round(api.rps)} req/s, p99 ${api.p99} ms, errors ${api.errors}, timeouts ${api.timeouts}; ` +
    `pages: ${web.total} (${statusSummary(web.statuses)}), p99 ${web.p99} ms, errors ${web.errors}, timeouts ${web.timeouts}; ` +
    `downloads: ${statusSummary(files.statuses)} (${(files.bytes / 1024).toFixed(0)} KiB); ` +
    `mails: ${accepted}/${batch} sign-ups accepted, ${mails.delivered}/${batch} delivered (last ${(mailMs / 1000).toFixed(1)} s after the load), ${batch - mails.delivered} lost, ${mails.twice} twice`,
    failed === 0 && accepted === batch && mails.delivered === batch && mails.twice === 0,
    events);
}
