import type { Request } from 'express';
import { CredentialCarriers } from '@outils/contracts';

export interface PresentedCredentials {
  token: string;
  /** When given, it must match the token's owner (docs/product/rules.md#R18). */
  email?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * Reads the session credentials from any carrier of docs/product/rules.md#R17: headers userEmail+userToken,
 * headers email+token, header Access-Token, body or query storedMail+storedToken or email+token.
 */
export function extractCredentials(req: Request): PresentedCredentials | null {
  return credentialsOutsideBody(req) ?? credentialsInFields(req.body);
}

/** Credentials in the headers or the query string: known before any of the body is read. */
export function credentialsOutsideBody(req: Pick<Request, 'headers' | 'query'>): PresentedCredentials | null {
  for (const pair of CredentialCarriers.headerPairs) {
    const token = str(req.headers[pair.token]);
    if (token) return { token, email: str(req.headers[pair.email]) };
  }
  const accessToken = str(req.headers[CredentialCarriers.tokenOnlyHeader]);
  if (accessToken) return { token: accessToken };
  return credentialsInFields(req.query);
}

/** Credentials among body fields (or query parameters): storedMail+storedToken or email+token. */
export function credentialsInFields(source: unknown): PresentedCredentials | null {
  if (!source || typeof source !== 'object') return null;
  const fields = source as Record<string, unknown>;
  for (const pair of CredentialCarriers.fieldPairs) {
    const token = str(fields[pair.token]);
    if (token) return { token, email: str(fields[pair.email]) };
  }
  return null;
}
