import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpStatus } from '@nestjs/common';
// multer's own helper that nests HTML form names (`a[]`, `a[b]`); ESM with its types since 2.
import appendField from 'append-field';
import type { Readable } from 'node:stream';
import busboy, { Busboy, FileInfo } from 'busboy';
import type { Request, Response } from 'express';
import { CommonMessages } from '@outils/contracts';
import { credentialsInFields } from '../auth/credentials';
import { BadRequestError, MessageError, UnauthorizedError } from '../errors/domain-error';
import { clientIp } from './client-ip';
import { FieldLimits, formDataName, HeldFile, ReceivedFile, StoredPart, UploadPlace, UploadRules } from './multipart-parts';
import { clientNetworkKey } from './client-network';
import { uploadOpened } from './upload-figures';
import { giveKeepingPlace, takeKeepingPlace } from './upload-keeping';

export type { FieldLimits, FileFieldRule, ReceivedFile, UploadPlace, UploadRules } from './multipart-parts';

/**
 * Files sent before the body's credentials are kept on disk up to this, all files together
 * (docs/product/rules.md#R784): a small upload in the specification's field order goes through,
 * a large one without credentials is a 401 at once.
 */
export const FILES_BEFORE_CREDENTIALS_BYTES = 2 * 1024 * 1024;

const UPLOAD = Symbol('outils.multipart-upload');
type WithUpload = Request & { [UPLOAD]?: MultipartUpload };

/** How long a connection whose body was not read stays open after the answer (to let the client read it). */
const LINGER_MS = 1000;

/**
 * A multipart body read as a stream: nothing of the files is read before the caller is known
 * (docs/product/rules.md#R784).
 *
 * 1. Text fields are read up to the first file part, which is held unread: the socket is
 *    paused by backpressure. With credentials in the headers, the guard decides now. Without,
 *    the body's credentials may come after the files (the specification's field order): file
 *    parts are then kept on disk, 2 MB at most in all, until `storedMail`/`storedToken` arrive
 *    (reading pauses there until the guard decided); past 2 MB without them, 401 at once
 *    (docs/product/rules.md#R784).
 * 2. Once the guard let the request through, `receiveFiles` writes each file part to a
 *    temporary file, counting its bytes against its field's own limit, and stops at the first
 *    byte over it (413) or at the first part the route does not take (400).
 * 3. When the answer is sent before the body was read to its end, the rest is never read:
 *    the connection is closed. Temporary files are closed and removed when the response is
 *    over, on every path (success, error, client gone, docs/product/rules.md#R899).
 * 4. Every upload ends with an answer: a body whose bytes stop coming for `idleMs` is a 408.
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
  /** Every file part stored so far (kept before the caller was known, or received after). */
  private readonly stored: StoredPart[] = [];
  private filesSeen = 0;
  /** Files are being kept before the body's credentials arrive (docs/product/rules.md#R784): the place taken, by network. */
  private keeping: string | null = null;
  private keptBytes = 0;
  /** Reading paused at the body's credentials, until the guard decided. */
  private pausedForGuard = false;
  private readonly idle: NodeJS.Timeout;
  private readonly temporaryPaths = new Set<string>();
  private readonly counts = new Map<string, number>();
  private fieldBytes = 0;
  private parser: Busboy;
  private complete = false;
  /**
   * The response is over: no file is written any more, and one still being opened or written is
   * closed, then removed (docs/product/rules.md#R899).
   */
  private over = false;
  /** Temporary files being written: each holds a file descriptor until it is closed. */
  private readonly writing = new Set<WriteStream>();
  /** The response's cleanup has removed the files it knew of. */
  private cleaned = false;
  /** Counts this upload over in `/metrics` (docs/product/rules.md#R899). */
  private readonly counted: () => void;
  private failure?: Error;
  private rules?: UploadRules;
  private writesInFlight = 0;
  private waiters: Array<() => void> = [];
  private receiving?: { resolve(files: ReceivedFile[]): void; reject(error: Error): void };

  static of(req: Request): MultipartUpload | undefined {
    return (req as WithUpload)[UPLOAD];
  }

  /** Starts reading the body of `req` (multipart/form-data) and registers the cleanup. */
  static attach(req: Request, res: Response, limits: FieldLimits, place: UploadPlace): MultipartUpload {
    const upload = new MultipartUpload(req, res, limits, place.tmpDir, place.idleMs);
    (req as WithUpload)[UPLOAD] = upload;
    return upload;
  }

  private constructor(
    private readonly req: Request,
    private readonly res: Response,
    private readonly limits: FieldLimits,
    private readonly tmpDir: string,
    idleMs: number,
  ) {
    // Throws on a missing boundary or an unreadable content type: a malformed body (400).
    this.parser = busboy({
      headers: req.headers,
      limits: { fieldSize: limits.fieldSize, fields: limits.fields, parts: limits.parts, fieldNameSize: 200 },
      preservePath: false,
      // Browsers send file names in UTF-8.
      defParamCharset: 'utf8',
    });
    // Counted once the body is one to read (a body refused by busboy above opens nothing).
    this.counted = uploadOpened();
    this.parser.on('field', (name, value, info) => this.onField(name, value, info));
    this.parser.on('file', (name, stream, info) => this.onFile(name, stream, info));
    this.parser.on('fieldsLimit', () => this.fail(new MessageError(HttpStatus.PAYLOAD_TOO_LARGE, CommonMessages.payloadTooLarge)));
    this.parser.on('partsLimit', () => this.fail(new MessageError(HttpStatus.PAYLOAD_TOO_LARGE, CommonMessages.payloadTooLarge)));
    this.parser.on('error', () => this.fail(new BadRequestError(CommonMessages.malformedBody)));
    this.parser.on('close', () => {
      this.complete = true;
      clearTimeout(this.idle);
      this.wake();
      // The end of the body may come after the last file reached the disk: whoever waits for
      // the files must hear of it too, or the request would never be answered.
      this.settle();
    });
    // A body whose bytes stop coming is answered, not left waiting (docs/product/rules.md#R784).
    // Our own pauses (a file held while the guard decides) last a lookup, far less than `idleMs`.
    this.idle = setTimeout(() => this.fail(new MessageError(HttpStatus.REQUEST_TIMEOUT, CommonMessages.uploadStalled)), idleMs);
    this.idle.unref();
    req.on('data', () => this.idle.refresh());
    // The client went away mid-body: whatever waits on the upload stops, the files go.
    req.on('close', () => {
      if (!req.complete) this.fail(new BadRequestError(CommonMessages.malformedBody));
    });
    res.once('finish', () => this.afterAnswer());
    res.once('close', () => {
      clearTimeout(this.idle);
      this.stopKeeping();
      this.over = true;
      // A client that hung up leaves its file parts unfinished: their writers would wait for
      // bytes that never come, each holding its descriptor for the life of the process.
      for (const out of this.writing) out.destroy();
      void this.cleanup().then(() => {
        this.cleaned = true;
        this.releaseWhenDone();
      });
    });
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

  /**
   * The fields the guard reads when neither the headers nor the query carry credentials
   * (docs/product/rules.md#R784): those sent before the first file when they hold credentials;
   * else the files are kept on disk (2 MB at most in all) until `storedMail`/`storedToken`
   * arrive, the body ends, or 2 MB pass without them (a 401, reading stops).
   */
  async fieldsWithCredentials(): Promise<Record<string, unknown>> {
    const before = await this.fieldsBeforeFiles();
    if (credentialsInFields(before) || this.complete) return before;
    const network = clientNetworkKey(clientIp(this.req));
    if (!takeKeepingPlace(network)) return before;
    this.keeping = network;
    for (const file of this.held.splice(0)) this.store(file);
    await this.until(() => this.pausedForGuard || this.complete);
    return structuredClone(this.fields);
  }

  /** Reads the rest of the body, files to temporary files under `rules`. */
  receiveFiles(rules: UploadRules): Promise<ReceivedFile[]> {
    if (this.failure) return Promise.reject(this.failure);
    this.rules = rules;
    this.stopKeeping();
    const done = new Promise<ReceivedFile[]>((resolve, reject) => (this.receiving = { resolve, reject }));
    // Files kept before the caller was known now meet their field's rules, in the order sent.
    for (const part of this.stored) if (!this.admit(part)) return done;
    for (const file of this.held.splice(0)) this.store(file);
    if (this.pausedForGuard && !this.failure) {
      this.pausedForGuard = false;
      this.req.pipe(this.parser);
      this.req.resume();
    }
    this.settle();
    return done;
  }

  /** Removes every temporary file of the request (idempotent). */
  async cleanup(): Promise<void> {
    const paths = [...this.temporaryPaths];
    this.temporaryPaths.clear();
    await Promise.all(paths.map((path) => rm(path, { force: true }).catch(() => undefined)));
  }

  /** Over once the response is and every temporary file it opened is closed and removed. */
  private releaseWhenDone() {
    if (this.cleaned && this.writing.size === 0) this.counted();
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
      return this.fail(new BadRequestError(CommonMessages.badRequest));
    }
    // The body's credentials came after files kept on disk: read no more until the guard decided.
    if (this.keeping !== null && !this.pausedForGuard && credentialsInFields(this.fields)) {
      this.pausedForGuard = true;
      this.stopReading();
      this.wake();
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
    if (this.rules || this.keeping !== null) this.store({ name, stream, info });
    else this.held.push({ name, stream, info }); // not read: backpressure pauses the socket
  }

  /** A part meets its field's rules: a field the route takes, within its count and size. */
  private admit(part: StoredPart): boolean {
    const match = this.rules!.ruleFor(part.name);
    if (!match) {
      this.fail(this.rules!.unexpectedField(part.name));
      return false;
    }
    const count = (this.counts.get(match.group) ?? 0) + 1;
    this.counts.set(match.group, count);
    if (count > match.rule.maxCount) {
      this.fail(match.rule.tooMany());
      return false;
    }
    part.rule = match.rule;
    if (part.size > match.rule.maxBytes) {
      part.over = true;
      this.fail(match.rule.tooLarge());
      return false;
    }
    return true;
  }

  private stopKeeping() {
    if (this.keeping === null) return;
    giveKeepingPlace(this.keeping);
    this.keeping = null;
  }

  /**
   * Writes one file part to a temporary file: within its field's limits once the rules apply,
   * within the 2 MB of all kept files while the caller is not known yet.
   */
  private store({ name, stream, info }: HeldFile) {
    const part: StoredPart = { name, info, order: this.filesSeen++, path: join(this.tmpDir, `upload-${randomUUID()}`), size: 0, over: false };
    if (this.rules && !this.admit(part)) return;
    this.stored.push(part);
    this.temporaryPaths.add(part.path);
    this.writesInFlight += 1;
    let ended = false;
    const finished = () => {
      if (ended) return;
      ended = true;
      this.writesInFlight -= 1;
      this.settle();
    };
    void mkdir(this.tmpDir, { recursive: true }).then(
      () => {
        if (this.failure || this.over) {
          stream.resume();
          return finished();
        }
        const out = createWriteStream(part.path, { flags: 'wx' });
        this.writing.add(out);
        const cut = (error: Error) => {
          part.over = true;
          stream.unpipe(out);
          out.destroy();
          this.fail(error);
        };
        stream.on('data', (chunk: Buffer) => {
          part.size += chunk.length;
          if (part.over) return;
          if (!this.rules) {
            this.keptBytes += chunk.length;
            if (this.keptBytes > FILES_BEFORE_CREDENTIALS_BYTES) cut(new UnauthorizedError(CommonMessages.unauthorized));
          } else if (part.rule && part.size > part.rule.maxBytes) {
            cut(part.rule.tooLarge());
          }
        });
        out.on('error', (error) => {
          stream.unpipe(out);
          this.fail(error);
          finished();
        });
        out.on('close', () => {
          this.writing.delete(out);
          // Closed after the response: the cleanup may have run before the file existed on disk.
          if (this.over) void rm(part.path, { force: true }).catch(() => undefined).then(() => this.releaseWhenDone());
          if (!this.failure && !part.over) {
            this.received.push({ order: part.order, file: { fieldname: name, originalname: formDataName(info.filename ?? ''), size: part.size, path: part.path } });
          }
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
    clearTimeout(this.idle);
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
    clearTimeout(this.idle);
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
