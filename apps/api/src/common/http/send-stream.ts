import { pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { Response } from 'express';

const logger = new Logger('FileStream');

/** `attachment` with a plain ASCII name and its RFC 5987 twin, for every file the API sends. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

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
