import { HttpStatus, INestApplication } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { ApiRoutes, CommonMessages } from '@outils/contracts';
import type { AppConfig } from '@outils/server-config';
import { BadRequestError, MessageError } from '../errors/domain-error';

const FORM_LIMITS = { fieldSize: 64 * 1024, fields: 60, parts: 80 };

/** Paths that take file uploads (tool form); every other multipart body is fields only. */
const UPLOAD_PATHS = new Set<string>([ApiRoutes.adminToolCreate, ApiRoutes.adminToolUpdate]);

/**
 * decisions §3: every POST accepts JSON, urlencoded and multipart alike. Bodies are parsed
 * before the guards run, so credentials sent as form fields (storedMail/storedToken) are seen.
 */
export function installBodyParsers(app: INestApplication, config: AppConfig): void {
  const fieldsOnly = multer({ storage: multer.memoryStorage(), limits: { ...FORM_LIMITS, files: 0 } }).none();
  const withFiles = multer({
    storage: multer.memoryStorage(),
    limits: { ...FORM_LIMITS, files: 12, fileSize: Math.max(config.uploads.maxToolFileBytes, config.uploads.maxImageBytes) },
  }).any();

  app.use(express.json({ limit: '100kb' }));
  app.use(express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 200 }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    // Multer's own limit errors go to the filter (413/400); anything else from the multipart
    // parser (no boundary, a body cut short…) is a malformed body, never a 500.
    return (UPLOAD_PATHS.has(req.path) ? withFiles : fieldsOnly)(req, res, (error?: unknown) => {
      if (!error || error instanceof multer.MulterError) return next(error);
      return next(new BadRequestError(CommonMessages.malformedBody));
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

/** Uploaded files of the current request, grouped by field name (`toolFile`, `images[]`…). */
export function filesByField(req: Request): Record<string, Express.Multer.File[]> {
  const files = (req.files as Express.Multer.File[] | undefined) ?? [];
  const out: Record<string, Express.Multer.File[]> = {};
  for (const file of files) (out[file.fieldname] ??= []).push(file);
  return out;
}
