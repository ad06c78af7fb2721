import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { loadConfig } from '@outils/server-config';
import { asTransaction, OutboxMessageEntity } from '@outils/server-db';
import { OutboxRepository, outboxJobId, Queues } from '@outils/server-jobs';
import { linkFrom, SmtpCatcher, startSmtpCatcher, waitUntil } from '@outils/server-testing';
import { WorkerMetricsService } from '../src/metrics/worker-metrics.service';
import { OutboxRelayService } from '../src/outbox/outbox-relay.service';
import { WorkerModule } from '../src/worker.module';

describe('outbox → queue → SMTP (real PostgreSQL, Redis and SMTP server)', () => {
  let smtp: SmtpCatcher;
  let worker: INestApplicationContext;
  let dataSource: DataSource;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'silent',
    });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    worker.enableShutdownHooks();
    await worker.init();
    dataSource = worker.get(DataSource);
  });

  afterAll(async () => {
    await worker?.close();
    await smtp?.close();
  });

  it('delivers an activation mail written to the outbox, once, and forgets the link afterwards', async () => {
    const outbox = worker.get(OutboxRepository);
    const row = await dataSource.transaction((em) =>
      outbox.enqueue(asTransaction(em), {
        name: 'send-activation-mail',
        data: { to: 'camille@example.com', firstName: 'Camille', activationUrl: 'http://localhost:4200/profile/confirmed?email=camille%40example.com&token=abc' },
      }),
    );

    const mail = await smtp.waitFor((m) => m.to.some((t) => t.address === 'camille@example.com'));
    expect(mail.subject).toBe('Activez votre compte Outils');
    expect(mail.html).toContain('Bienvenue Camille');
    expect(linkFrom(mail, 'http://localhost:4200/profile/confirmed')).toContain('token=abc');

    await waitUntil(async () => (await dataSource.getRepository(OutboxMessageEntity).findOneByOrFail({ id: row.id })).sentAt !== null);
    const stored = await dataSource.getRepository(OutboxMessageEntity).findOneByOrFail({ id: row.id });
    expect(stored.payload).not.toHaveProperty('activationUrl');

    // A stalled job that runs again finds the row sent and sends nothing.
    const queue = worker.get<Queue>(getQueueToken(Queues.mail), { strict: false });
    const again = await queue.add('send-activation-mail', { outboxId: row.id });
    // The job's final state is the signal: once it completed, whatever it would send has been sent.
    const state = await waitUntil(async () => {
      const current = await again.getState();
      return ['completed', 'failed'].includes(current) && current;
    }, { what: 'the repeated job to finish' });
    expect(state).toBe('completed');
    expect((await smtp.all()).filter((m) => m.to.some((t) => t.address === 'camille@example.com'))).toHaveLength(1);
  });

  it('hands a row over again when the queue lost its job, so that a Redis restarted without persistence loses no mail (docs/product/rules.md#R883)', async () => {
    const outbox = worker.get(OutboxRepository);
    const relay = worker.get(OutboxRelayService);
    const queue = worker.get<Queue>(getQueueToken(Queues.mail), { strict: false });
    const messages = dataSource.getRepository(OutboxMessageEntity);
    const to = 'dominique@example.com';

    // The row is handed to the queue, then the queue loses everything before a worker took it.
    await queue.pause();
    const row = await dataSource.transaction((em) =>
      outbox.enqueue(asTransaction(em), { name: 'send-password-reset-mail', data: { to, firstName: 'Dominique', resetUrl: 'http://localhost:4200/login/password/reset?token=perdu' } }),
    );
    await waitUntil(async () => (await messages.findOneByOrFail({ id: row.id })).dispatchedAt !== null, { what: 'the relay to hand the row over' });
    expect(await queue.getJob(outboxJobId(row.id))).toBeDefined();
    await queue.obliterate({ force: true });
    await queue.resume();
    expect(await queue.getJob(outboxJobId(row.id))).toBeUndefined();

    // Less than 15 minutes later nothing is handed over again; past them, once.
    expect(await relay.handOverAgain()).toBe(0);
    await dataSource.query(`UPDATE outbox_message SET dispatched_at = now() - interval '16 minutes' WHERE id = $1`, [row.id]);
    expect(await relay.handOverAgain()).toBe(1);

    const mail = await smtp.waitFor((m) => m.to.some((t) => t.address === to));
    expect(linkFrom(mail, 'http://localhost:4200/login/password/reset')).toContain('token=perdu');
    await waitUntil(async () => (await messages.findOneByOrFail({ id: row.id })).sentAt !== null, { what: 'the row to be marked sent' });
    expect((await messages.findOneByOrFail({ id: row.id })).handovers).toBe(1);
    expect(await worker.get(WorkerMetricsService).scrape()).toMatch(/^outils_outbox_handed_over_again_total 1$/m);

    // A row never sent is handed over again three times at most.
    const stuck = await dataSource.transaction((em) =>
      outbox.enqueue(asTransaction(em), { name: 'send-email-changed-mail', data: { to: 'bloque@example.com', firstName: 'Alex', newEmail: 'x@example.com' } }),
    );
    await dataSource.query(`UPDATE outbox_message SET dispatched_at = now() - interval '1 hour', sent_at = NULL, handovers = 3 WHERE id = $1`, [stuck.id]);
    expect(await relay.handOverAgain()).toBe(0);
    await dataSource.query(`UPDATE outbox_message SET sent_at = now() WHERE id = $1`, [stuck.id]);
  });
});
