import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** A text field, or a file part of `size` bytes (its first bytes may be given, the rest is zeros). */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; size: number; head?: Buffer; contentType?: string };

export interface RawUploadResult {
  status: number;
  body: Record<string, unknown> | null;
  /** Body bytes this client handed to its socket before it stopped. */
  sent: number;
}

const CHUNK = Buffer.alloc(64 * 1024);

/**
 * Sends a multipart body the way a hostile or impatient client would: a Content-Length for the
 * whole body, then the bytes as fast as the server takes them, stopping as soon as an answer
 * arrives (or after `abortAfter` body bytes, closing the connection mid-body). The file bytes
 * are generated as they are sent: a 90 MB body costs this process nothing.
 */
export function rawUpload(
  baseUrl: string,
  path: string,
  parts: Part[],
  options: {
    headers?: Record<string, string>;
    abortAfter?: number;
    /** Waits this long (ms) before the closing boundary, as a slow network splits the last bytes off. */
    pauseBeforeEnd?: number;
    /** Never sends the closing boundary: the body stalls, the connection stays open. */
    stallBeforeEnd?: boolean;
    /** Gives up waiting for an answer after this long (ms): status 0. */
    giveUpAfter?: number;
  } = {},
): Promise<RawUploadResult> {
  const { hostname, port } = new URL(baseUrl);
  const boundary = `----outils${randomBytes(8).toString('hex')}`;
  const pieces: Array<Buffer | { zeros: number }> = [];
  for (const part of parts) {
    if ('value' in part) {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      const head = part.head ?? Buffer.alloc(0);
      pieces.push(head);
      pieces.push({ zeros: part.size - head.length });
      pieces.push(Buffer.from('\r\n'));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce((n, p) => n + (Buffer.isBuffer(p) ? p.length : p.zeros), 0);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${length}`,
    ...Object.entries(options.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');

  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let received = Buffer.alloc(0);
    let sent = 0;
    let stopped = false;
    let settled = false;
    const wakeWriter: Array<() => void> = [];
    const stop = () => {
      stopped = true;
      for (const wake of wakeWriter.splice(0)) wake();
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      stop();
      const text = received.toString('utf8');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      const bodyText = text.includes('\r\n\r\n') ? text.slice(text.indexOf('\r\n\r\n') + 4) : '';
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(bodyText);
      } catch {
        body = null;
      }
      socket.destroy();
      resolve({ status, body, sent });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      stop(); // an answer, even partial: stop sending
      const text = received.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const declared = Number(/content-length:\s*(\d+)/i.exec(text.slice(0, end))?.[1] ?? NaN);
      if (Number.isFinite(declared) && received.length - Buffer.byteLength(text.slice(0, end + 4)) >= declared) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => finish());
    if (options.giveUpAfter !== undefined) setTimeout(finish, options.giveUpAfter).unref();

    const write = async (buffer: Buffer) => {
      if (stopped) return;
      const ok = socket.write(buffer);
      sent += buffer.length;
      if (!ok && !stopped) {
        await new Promise<void>((r) => {
          wakeWriter.push(r);
          socket.once('drain', () => r());
        });
      }
    };
    socket.once('connect', async () => {
      await write(Buffer.from(head));
      sent = 0;
      for (const [index, piece] of pieces.entries()) {
        if (index === pieces.length - 1) {
          if (options.stallBeforeEnd) return;
          if (options.pauseBeforeEnd) await new Promise((r) => setTimeout(r, options.pauseBeforeEnd));
        }
        if (Buffer.isBuffer(piece)) {
          await write(piece);
        } else {
          for (let left = piece.zeros; left > 0 && !stopped; left -= CHUNK.length) {
            await write(left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left));
            if (options.abortAfter !== undefined && sent >= options.abortAfter) {
              socket.destroy();
              return;
            }
          }
        }
        if (stopped) return;
      }
    });
  });
}
