import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '@outils/server-config';
import { asTransaction, NewsletterSubscriberEntity, OutboxMessageEntity } from '@outils/server-db';
import { OutboxRepository } from '@outils/server-jobs';
import { waitUntil } from '@outils/server-testing';
import { MailjetClient, MailjetRejectedError } from '../src/newsletter/mailjet.client';
import { NewsletterSubscribersRepository } from '../src/newsletter/newsletter-subscribers.repository';
import { NewsletterSyncHandler } from '../src/newsletter/newsletter-sync.handler';
import { WorkerModule } from '../src/worker.module';

interface Received {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  body: unknown;
}

/** A stand-in for Mailjet's REST API on a free local port; `status` sets the next answers. */
class FakeMailjet {
  readonly received: Received[] = [];
  status = 201;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        this.received.push({
          method: req.method, url: req.url, authorization: req.headers.authorization, contentType: req.headers['content-type'],
          body: raw ? JSON.parse(raw) : undefined,
        });
        res.writeHead(this.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(this.status < 300 ? { Count: 1, Data: [{ ContactID: 42 }], Total: 1 } : { ErrorMessage: 'Invalid email' }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function workerConfig(extra: Record<string, string> = {}): Readonly<AppConfig> {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
    SMTP_URL: 'smtp://127.0.0.1:1',
    LOG_LEVEL: 'silent',
    ...extra,
  });
}

const mailjetEnv = (url: string) => ({ MAILJET_API_KEY: 'public-key', MAILJET_API_SECRET: 'secret-key', MAILJET_LIST_ID: '10 20', MAILJET_API_URL: url });

describe('newsletter sync to Mailjet (fake Mailjet server, real PostgreSQL and Redis)', () => {
  let fake: FakeMailjet;
  let url: string;
  let worker: INestApplicationContext;
  let dataSource: DataSource;

  beforeAll(async () => {
    fake = new FakeMailjet();
    url = await fake.start();
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(workerConfig(mailjetEnv(url))), { logger: false });
    await worker.init();
    dataSource = worker.get(DataSource);
  });
  afterAll(async () => {
    await worker?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.received.length = 0;
    fake.status = 201;
  });

  const subscriber = async (email: string, consent = true) => {
    const repo = dataSource.getRepository(NewsletterSubscriberEntity);
    return repo.save(repo.create({ email, consent, consentAt: consent ? new Date() : null, source: 'popup' }));
  };

  it('posts the contact to the list with basic auth and the addnoforce action', async () => {
    await new MailjetClient(workerConfig(mailjetEnv(url))).addContact('lea@example.com');
    expect(fake.received).toEqual([{
      method: 'POST',
      url: '/v3/REST/contactslist/10%2020/managecontact',
      authorization: `Basic ${Buffer.from('public-key:secret-key').toString('base64')}`,
      contentType: 'application/json',
      body: { Email: 'lea@example.com', Action: 'addnoforce' },
    }]);
  });

  it('treats a 4xx refusal as final and a 5xx as worth retrying', async () => {
    const client = new MailjetClient(workerConfig(mailjetEnv(url)));
    fake.status = 400;
    await expect(client.addContact('bad@example.com')).rejects.toBeInstanceOf(MailjetRejectedError);
    fake.status = 503;
    const error = await client.addContact('later@example.com').catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MailjetRejectedError);
    expect((error as Error).message).toContain('503');
  });

  it('syncs a consenting subscriber written to the outbox, once, and sets synced_at', async () => {
    const sub = await subscriber('camille.sync@example.com');
    const outbox = worker.get(OutboxRepository);
    const row = await dataSource.transaction((em) => outbox.enqueue(asTransaction(em), { name: 'sync-newsletter-subscriber', data: { subscriberId: sub.id } }));

    await waitUntil(async () => (await dataSource.getRepository(NewsletterSubscriberEntity).findOneByOrFail({ id: sub.id })).syncedAt !== null);
    expect(fake.received.map((r) => r.body)).toEqual([{ Email: 'camille.sync@example.com', Action: 'addnoforce' }]);
    await waitUntil(async () => (await dataSource.getRepository(OutboxMessageEntity).findOneByOrFail({ id: row.id })).sentAt !== null);

    // A job that runs again (stalled, duplicated) does not call Mailjet twice.
    const handler = worker.get(NewsletterSyncHandler);
    expect(await handler.handle({ outboxId: row.id })).toBe('already-synced');
    expect(fake.received).toHaveLength(1);
  });

  it('skips a subscriber without consent or one that no longer exists', async () => {
    const handler = worker.get(NewsletterSyncHandler);
    const sub = await subscriber('sans.consentement@example.com', false);
    // Rows marked handed over already, so that the relay leaves them to this test.
    const handedOver = async (subscriberId: string) => {
      const repo = dataSource.getRepository(OutboxMessageEntity);
      return (await repo.save(repo.create({ jobName: 'sync-newsletter-subscriber', payload: { subscriberId }, dispatchedAt: new Date() }))).id;
    };
    expect(await handler.handle({ outboxId: await handedOver(sub.id) })).toBe('skipped');
    expect(await handler.handle({ outboxId: await handedOver('00000000-0000-4000-8000-000000000000') })).toBe('skipped');
    expect(await handler.handle({ outboxId: '999999999' })).toBe('skipped');
    expect(fake.received).toHaveLength(0);
  });

  it('only records the subscriber when Mailjet is not configured', async () => {
    const sub = await subscriber('sans.mailjet@example.com');
    const outbox = worker.get(OutboxRepository);
    const row = await dataSource.transaction((em) => outbox.enqueue(asTransaction(em), { name: 'sync-newsletter-subscriber', data: { subscriberId: sub.id } }));
    const bare = new NewsletterSyncHandler(outbox, new NewsletterSubscribersRepository(dataSource), new MailjetClient(workerConfig()));
    expect(await bare.handle({ outboxId: row.id })).toBe('recorded');
    expect((await dataSource.getRepository(NewsletterSubscriberEntity).findOneByOrFail({ id: sub.id })).syncedAt).toBeNull();
    expect((await dataSource.getRepository(OutboxMessageEntity).findOneByOrFail({ id: row.id })).sentAt).not.toBeNull();
  });
});

