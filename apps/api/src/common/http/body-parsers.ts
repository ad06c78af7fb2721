import { HttpStatus, INestApplication } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { ApiRoutes, CommonMessages } from '@outils/contracts';
import type { AppConfig } from '@outils/server-config';
import { BadRequestError, MessageError } from '../errors/domain-error';
import { MultipartUpload } from './multipart-upload';

const FORM_LIMITS = { fieldSize: 64 * 1024, fields: 60, parts: 80 };
/** All text fields of the tool form together (description 20 000 characters and the rest). */
const UPLOAD_FIELD_BYTES = 256 * 1024;

/** Paths that take file uploads (tool form); every other multipart body is fields only. */
const UPLOAD_PATHS = new Set<string>([ApiRoutes.adminToolCreate, ApiRoutes.adminToolUpdate]);

/**
 * docs/product/rules.md#R139: every POST accepts JSON, urlencoded and multipart alike. Bodies without files
 * are parsed before the guards run, so credentials sent as form fields (storedMail/storedToken)
 * are seen. Upload bodies (tool form) are read as a stream instead (MultipartUpload): the guard
 * sees the fields sent before the first file, and no file byte is read before it let the
 * request through.
 */
export function installBodyParsers(app: INestApplication, config: AppConfig): void {
  const fieldsOnly = multer({ storage: multer.memoryStorage(), limits: { ...FORM_LIMITS, files: 0 } }).none();

  const json = express.json({ limit: '100kb' });
  const urlencoded = express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 200 });
  const multipart = (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    if (UPLOAD_PATHS.has(req.path)) {
      try {
        MultipartUpload.attach(req, res, { ...FORM_LIMITS, totalFieldBytes: UPLOAD_FIELD_BYTES }, config.uploads);
      } catch {
        return next(new BadRequestError(CommonMessages.malformedBody)); // no boundary, unknown type…
      }
      return next();
    }
    // Multer's own limit errors go to the filter (413/400); anything else from the multipart
    // parser (no boundary, a body cut short…) is a malformed body, never a 500.
    return fieldsOnly(req, res, (error?: unknown) => {
      if (!error || error instanceof multer.MulterError) return next(error);
      return next(new BadRequestError(CommonMessages.malformedBody));
    });
  };
  // One layer for the three parsers, passed through at once by a request without a body (every
  // GET the catalogue answers): neither parser has anything to read there, and each layer of the
  // router costs every request a match and a call.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    json(req, res, (jsonError?: unknown) => {
      if (jsonError) return next(jsonError);
      urlencoded(req, res, (formError?: unknown) => (formError ? next(formError) : multipart(req, res, next)));
    });
  });
  // Parser errors become French answers before Nest maps them to its English defaults.
  app.use((err: { type?: string; status?: number } | null, _req: Request, _res: Response, next: NextFunction) => {
    if (err?.type === 'entity.parse.failed') return next(new BadRequestError(CommonMessages.malformedBody));
    if (err?.type === 'entity.too.large') return next(new MessageError(HttpStatus.PAYLOAD_TOO_LARGE, CommonMessages.payloadTooLarge));
    if (err instanceof URIError || err?.type?.startsWith('charset') || err?.type?.startsWith('encoding')) {
      return next(new BadRequestError(CommonMessages.malformedBody));
    }
    return next(err);
  });
}

/** What the parsers themselves test first (RFC 9112: a body is announced by one of these two headers). */
export function hasBody(req: Pick<Request, 'headers'>): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}
