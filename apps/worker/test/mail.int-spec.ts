import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { loadConfig } from '@outils/server-config';
import { asTransaction, OutboxMessageEntity } from '@outils/server-db';
import { OutboxRepository, Queues } from '@outils/server-jobs';
import { linkFrom, SmtpCatcher, startSmtpCatcher, waitUntil } from '@outils/server-testing';
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
});

