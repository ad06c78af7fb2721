import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { HttpStatus } from '@nestjs/common';
// multer's own helper that nests HTML form names (`a[]`, `a[b]`); ESM with its types since 2.
import appendField from 'append-field';
import busboy, { Busboy, FileInfo } from 'busboy';
import type { Request, Response } from 'express';
import { CommonMessages } from '@outils/contracts';
import { BadRequestError, DomainError, MessageError } from '../errors/domain-error';

/** An uploaded part once written to its temporary file. */
export interface ReceivedFile {
  fieldname: string;
  originalname: string;
  size: number;
  /** Temporary file, removed when the response is over (whatever happened). */
  path: string;
}

/** What a route accepts for one file field. */
export interface FileFieldRule {
  maxBytes: number;
  maxCount: number;
  /** 413 with the field's own message (tool file limit, image limit). */
  tooLarge(): DomainError;
  /** Over `maxCount` parts for this field. */
  tooMany(): DomainError;
}

export interface UploadRules {
  /** The rule of a file field, or null for a field the route does not take. */
  ruleFor(fieldname: string): { group: string; rule: FileFieldRule } | null;
  /** A file part in a field the route does not take. */
  unexpectedField(fieldname: string): DomainError;
}

/** Limits of the text fields, checked before anyone is authenticated. */
export interface FieldLimits {
  fieldSize: number;
  fields: number;
  parts: number;
  /** All text fields together. */
  totalFieldBytes: number;
}

interface HeldFile {
  name: string;
  stream: Readable;
  info: FileInfo;
}

/**
 * Browsers escape LF, CR and `"` in multipart file names as %0A, %0D and %22 (WHATWG HTML);
 * only those are turned back, as multer did (a bare `%` is never escaped: `50%.pdf` stays).
 */
function formDataName(name: string): string {
  return name.replace(/%0A|%0D|%22/gi, (m) => (m.toUpperCase() === '%0A' ? '\n' : m.toUpperCase() === '%0D' ? '\r' : '"'));
}

const UPLOAD = Symbol('outils.multipart-upload');
type WithUpload = Request & { [UPLOAD]?: MultipartUpload };

/** How long a connection whose body was not read stays open after the answer (to let the client read it). */
const LINGER_MS = 1000;

/**
 * A multipart body read as a stream: nothing of the files is read before the caller is known
 * (docs/product/rules.md#R185).
 *
 * 1. Text fields are read up to the first file part, which is held unread: the socket is
 *    paused by backpressure, so an anonymous caller gets its 401 having sent a few kilobytes.
 *    Credentials sent as fields (storedMail/storedToken) therefore count only before files.
 * 2. Once the guard let the request through, `receiveFiles` writes each file part to a
 *    temporary file, counting its bytes against its field's own limit, and stops at the first
 *    byte over it (413) or at the first part the route does not take (400).
 * 3. When the answer is sent before the body was read to its end, the rest is never read:
 *    the connection is closed. Temporary files are removed when the response is over, on
 *    every path (success, error, client gone).
 */
export class MultipartUpload {
  /** Every text field, in the shapes multer gave (`images[]` → `images: [...]`). */
  readonly fields: Record<string, unknown> = Object.create(null);
  private firstFileFields?: Record<string, unknown>;
  private readonly held: HeldFile[] = [];
  /**
   * Stored parts by arrival index: writes to disk finish in any order, but the files keep the
   * order in which they were sent (the image order rule, docs/catalogue.md).
   */
  private readonly received: { order: number; file: ReceivedFile }[] = [];
  private filesSeen = 0;
  private readonly temporaryPaths = new Set<string>();
  private readonly counts = new Map<string, number>();
  private fieldBytes = 0;
  private parser: Busboy;
  private complete = false;
  private failure?: Error;
  private rules?: UploadRules;
  private writesInFlight = 0;
  private waiters: Array<() => void> = [];
  private receiving?: { resolve(files: ReceivedFile[]): void; reject(error: Error): void };

  static of(req: Request): MultipartUpload | undefined {
    return (req as WithUpload)[UPLOAD];
  }

  /** Starts reading the body of `req` (multipart/form-data) and registers the cleanup. */
  static attach(req: Request, res: Response, limits: FieldLimits, tmpDir: string): MultipartUpload {
    const upload = new MultipartUpload(req, res, limits, tmpDir);
    (req as WithUpload)[UPLOAD] = upload;
    return upload;
  }

  private constructor(
    private readonly req: Request,
    private readonly res: Response,
    private readonly limits: FieldLimits,
    private readonly tmpDir: string,
  ) {
    // Throws on a missing boundary or an unreadable content type: a malformed body (400).
    this.parser = busboy({
      headers: req.headers,
      limits: { fieldSize: limits.fieldSize, fields: limits.fields, parts: limits.parts, fieldNameSize: 200 },
      preservePath: false,
      // Browsers send file names in UTF-8.
      defParamCharset: 'utf8',
    });
    this.parser.on('field', (name, value, info) => this.onField(name, value, info));
    this.parser.on('file', (name, stream, info) => this.onFile(name, stream, info));
    this.parser.on('fieldsLimit', () => this.fail(new MessageError(HttpStatus.PAYLOAD_TOO_LARGE, CommonMessages.payloadTooLarge)));
    this.parser.on('partsLimit', () => this.fail(new MessageError(HttpStatus.PAYLOAD_TOO_LARGE, CommonMessages.payloadTooLarge)));
    this.parser.on('error', () => this.fail(new BadRequestError(CommonMessages.malformedBody)));
    this.parser.on('close', () => {
      this.complete = true;
      this.wake();
    });
    // The client went away mid-body: whatever waits on the upload stops, the files go.
    req.on('close', () => {
      if (!req.complete) this.fail(new BadRequestError(CommonMessages.malformedBody));
    });
    res.once('finish', () => this.afterAnswer());
    res.once('close', () => void this.cleanup());
    req.pipe(this.parser);
  }

  /**
   * The text fields sent before the first file part (all of them if there is no file). Waits
   * until the first file part or the end of the body; reads no file byte.
   */
  async fieldsBeforeFiles(): Promise<Record<string, unknown>> {
    await this.until(() => this.firstFileFields !== undefined || this.complete);
    return this.firstFileFields ?? structuredClone(this.fields);
  }

  /** Reads the rest of the body, files to temporary files under `rules`. */
  receiveFiles(rules: UploadRules): Promise<ReceivedFile[]> {
    if (this.failure) return Promise.reject(this.failure);
    this.rules = rules;
    const done = new Promise<ReceivedFile[]>((resolve, reject) => (this.receiving = { resolve, reject }));
    for (const file of this.held.splice(0)) this.store(file);
    this.settle();
    return done;
  }

  /** Removes every temporary file of the request (idempotent). */
  async cleanup(): Promise<void> {
    const paths = [...this.temporaryPaths];
    this.temporaryPaths.clear();
    await Promise.all(paths.map((path) => rm(path, { force: true }).catch(() => undefined)));
  }

  private onField(name: string, value: string, info: { nameTruncated: boolean; valueTruncated: boolean }) {
    if (this.failure) return;
    if (info.nameTruncated) return this.fail(new BadRequestError(CommonMessages.badRequest));
    this.fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.valueTruncated || this.fieldBytes > this.limits.totalFieldBytes) {
      return this.fail(new MessageError(HttpStatus.PAYLOAD_TOO_LARGE, CommonMessages.payloadTooLarge));
    }
    try {
      appendField(this.fields, name, value);
    } catch {
      this.fail(new BadRequestError(CommonMessages.badRequest));
    }
  }

  private onFile(name: string, stream: Readable, info: FileInfo) {
    if (this.failure) {
      stream.resume();
      return;
    }
    if (this.firstFileFields === undefined) {
      this.firstFileFields = structuredClone(this.fields);
      this.wake();
    }
    if (this.rules) this.store({ name, stream, info });
    else this.held.push({ name, stream, info }); // not read: backpressure pauses the socket
  }

  /** Writes one file part to a temporary file, within its field's limits. */
  private store({ name, stream, info }: HeldFile) {
    const match = this.rules!.ruleFor(name);
    if (!match) return this.fail(this.rules!.unexpectedField(name));
    const count = (this.counts.get(match.group) ?? 0) + 1;
    this.counts.set(match.group, count);
    if (count > match.rule.maxCount) return this.fail(match.rule.tooMany());

    const order = this.filesSeen++;
    const path = join(this.tmpDir, `upload-${randomUUID()}`);
    this.temporaryPaths.add(path);
    this.writesInFlight += 1;
    let size = 0;
    let over = false;
    let ended = false;
    const finished = () => {
      if (ended) return;
      ended = true;
      this.writesInFlight -= 1;
      this.settle();
    };
    void mkdir(this.tmpDir, { recursive: true }).then(
      () => {
        if (this.failure) {
          stream.resume();
          return finished();
        }
        const out = createWriteStream(path, { flags: 'wx' });
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > match.rule.maxBytes && !over) {
            over = true;
            stream.unpipe(out);
            out.destroy();
            this.fail(match.rule.tooLarge());
          }
        });
        out.on('error', (error) => {
          stream.unpipe(out);
          this.fail(error);
          finished();
        });
        out.on('close', () => {
          if (!this.failure && !over) this.received.push({ order, file: { fieldname: name, originalname: formDataName(info.filename ?? ''), size, path } });
          finished();
        });
        stream.pipe(out);
      },
      (error: Error) => {
        this.fail(error);
        finished();
      },
    );
  }

  private settle() {
    if (!this.receiving) return;
    if (this.failure) {
      this.receiving.reject(this.failure);
      this.receiving = undefined;
    } else if (this.complete && this.writesInFlight === 0) {
      this.receiving.resolve([...this.received].sort((a, b) => a.order - b.order).map(({ file }) => file));
      this.receiving = undefined;
    }
  }

  /** The first problem wins; nothing more of the body is read. */
  private fail(error: Error) {
    if (this.failure) return;
    this.failure = error;
    this.stopReading();
    this.wake();
    this.settle();
  }

  private stopReading() {
    this.req.unpipe(this.parser);
    this.req.pause();
  }

  /**
   * The answer is out. If the body was not read to its end, read no more of it: pause, tell
   * the client we are done (FIN after the answer) and close the socket a moment later.
   */
  private afterAnswer() {
    if (this.complete && !this.failure) return;
    this.stopReading();
    for (const file of this.held.splice(0)) file.stream.destroy();
    const socket = this.req.socket;
    if (socket.destroyed) return;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  }

  private until(ready: () => boolean): Promise<void> {
    if (ready() || this.failure) return this.failure ? Promise.reject(this.failure) : Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.failure) return reject(this.failure);
        if (ready()) return resolve();
        this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  private wake() {
    const waiters = this.waiters.splice(0);
    for (const waiter of waiters) waiter();
  }
}
