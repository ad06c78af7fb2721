import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque token: 32 random bytes (256 bits), URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored (docs/product/rules.md#R16). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
