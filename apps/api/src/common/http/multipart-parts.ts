import type { Readable } from 'node:stream';
import type { FileInfo } from 'busboy';
import type { DomainError } from '../errors/domain-error';

/** The pieces of a multipart upload (`multipart-upload.ts`): what a route gives, what it gets back. */

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

export interface HeldFile {
  name: string;
  stream: Readable;
  info: FileInfo;
}

/** A file part being (or already) written to its temporary file. */
export interface StoredPart {
  name: string;
  info: FileInfo;
  order: number;
  path: string;
  size: number;
  /** Its field's rule, known once the route's rules apply (at once, or when the caller is known). */
  rule?: FileFieldRule;
  over: boolean;
}

/** Where an upload's temporary files go and how long its bytes may stop coming. */
export interface UploadPlace {
  tmpDir: string;
  idleMs: number;
}

/**
 * Browsers escape LF, CR and `"` in multipart file names as %0A, %0D and %22 (WHATWG HTML);
 * only those are turned back, as multer did (a bare `%` is never escaped: `50%.pdf` stays).
 */
export function formDataName(name: string): string {
  return name.replace(/%0A|%0D|%22/gi, (m) => (m.toUpperCase() === '%0A' ? '\n' : m.toUpperCase() === '%0D' ? '\r' : '"'));
}

