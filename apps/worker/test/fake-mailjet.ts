import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MailjetCall {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  body: unknown;
}

/** A stand-in for Mailjet's REST API on a free local port; `status` sets the next answers. */
export class FakeMailjet {
  readonly received: MailjetCall[] = [];
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

export const mailjetEnv = (url: string) => ({ MAILJET_API_KEY: 'public-key', MAILJET_API_SECRET: 'secret-key', MAILJET_LIST_ID: '10 20', MAILJET_API_URL: url });
