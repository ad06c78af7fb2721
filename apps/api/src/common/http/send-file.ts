import { pipeline } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { FileReply } from './file-reply';

const logger = new Logger('FileStream');

/**
 * Writes a file reply: status 200, its headers, then its body — none for a `HEAD` (a stream
 * is closed unread). A storage error in the middle of a transfer can only cut the connection
 * (the status line is already sent); what produces the body is stopped when the transfer ends
 * early.
 */
export function sendFile(req: Request, res: Response, reply: FileReply): void {
  res.status(200).set(reply.headers());
  const { body } = reply;
  if (body === null || req.method === 'HEAD') {
    if (body && !Buffer.isBuffer(body)) body.destroy();
    res.end();
    return;
  }
  if (Buffer.isBuffer(body)) {
    res.end(body);
    return;
  }
  const abort = reply.options.onAbort;
  pipeline(body, res, (error) => {
    if (!error) return;
    abort?.();
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') logger.warn(`File transfer interrupted: ${error.message}`);
  });
  if (abort) res.once('close', () => { if (!res.writableFinished) abort(); });
}
