import { pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { Response } from 'express';

const logger = new Logger('FileStream');

/**
 * Pipes a stored object into the response. Headers are set by the caller; a storage error in
 * the middle of a transfer can only cut the connection (the status line is already sent).
 */
export function sendStream(res: Response, stream: Readable, headers: Record<string, string>, headOnly = false): void {
  res.status(200).set(headers);
  if (headOnly) {
    stream.destroy();
    res.end();
    return;
  }
  pipeline(stream, res, (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      logger.warn(`File transfer interrupted: ${error.message}`);
    }
  });
}
