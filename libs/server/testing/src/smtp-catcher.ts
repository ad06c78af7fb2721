import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { waitUntil } from './polling';

// maildev has no type definitions.
const MailDev = require('maildev');

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string; name: string }>;
  from: Array<{ address: string; name: string }>;
  /** Header names lower-cased, as MailDev parses them. */
  headers: Record<string, string>;
  /** Files joined to the mail: the name the sender gave, and the one MailDev stored it under. */
  attachments?: Array<{ fileName: string; generatedFileName: string; contentType: string }>;
}

export interface SmtpCatcher {
  port: number;
  url: string;
  /** MailDev's web interface and REST API (`GET /email`), when started with `{ web: true }`. */
  webUrl?: string;
  all(): Promise<CaughtMail[]>;
  /** Waits until a mail matching `predicate` arrived (polls; fails after `timeoutMs`). */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** The bytes of one file joined to a mail, by the name the sender gave it. */
  attachment(mail: CaughtMail, fileName: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (MailDev) on a free port; its web interface and REST API only on demand.
 * MailDev keeps its mails in module state: start one catcher per test file.
 */
export async function startSmtpCatcher(options: { web?: boolean } = {}): Promise<SmtpCatcher> {
  const port = await freePort();
  const webPort = options.web ? await freePort() : undefined;
  const mailDirectory = mkdtempSync(join(tmpdir(), 'outils-mail-'));
  const maildev = new MailDev({
    smtp: port, ip: '127.0.0.1', silent: true, mailDirectory,
    ...(webPort ? { web: webPort, webIp: '127.0.0.1' } : { disableWeb: true }),
  });
  await new Promise<void>((resolve, reject) => maildev.listen((error?: Error) => (error ? reject(error) : resolve())));

  const all = () =>
    new Promise<CaughtMail[]>((resolve, reject) =>
      maildev.getAllEmail((error: Error | null, mails: CaughtMail[]) => (error ? reject(error) : resolve(mails ?? []))),
    );

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    webUrl: webPort ? `http://127.0.0.1:${webPort}` : undefined,
    all,
    waitFor: async (predicate, timeoutMs = 15_000) =>
      waitUntil(async () => (await all()).find(predicate), { timeoutMs, what: 'a matching mail' }),
    attachment: (mail, fileName) =>
      new Promise<Buffer>((resolve, reject) =>
        maildev.getEmailAttachment(mail.id, mail.attachments?.find((a) => a.fileName === fileName)?.generatedFileName ?? fileName, (error: Error | null, _type: string, stream: NodeJS.ReadableStream) => {
          if (error) return reject(error);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
        }),
      ),
    close: async () => {
      await new Promise<void>((resolve) => maildev.close(() => resolve()));
      rmSync(mailDirectory, { recursive: true, force: true });
    },
  };
}

/** The first link of a mail's text part that starts with `prefix`. */
export function linkFrom(mail: CaughtMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`No link starting with ${prefix} in mail "${mail.subject}"`);
  return match[0];
}
