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
  for (const pair of CredentialCarriers.headerPairs) {
    const token = str(req.headers[pair.token]);
    if (token) return { token, email: str(req.headers[pair.email]) };
  }
  const accessToken = str(req.headers[CredentialCarriers.tokenOnlyHeader]);
  if (accessToken) return { token: accessToken };
  for (const source of [req.body, req.query] as Array<Record<string, unknown> | undefined>) {
    if (!source || typeof source !== 'object') continue;
    for (const pair of CredentialCarriers.fieldPairs) {
      const token = str(source[pair.token]);
      if (token) return { token, email: str(source[pair.email]) };
    }
  }
  return null;
}
