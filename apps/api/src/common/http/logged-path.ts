import { FolderApiRoutes } from '@outils/contracts';

/** What a secret segment becomes in a log line. */
export const MASKED_SEGMENT = '[masqué]';

/**
 * Path segments that are secrets in themselves (docs/product/rules.md#R783): the token of a shared
 * folder is the whole key to it, and a log line is read by more people than the folder's owner.
 * Built from the contract's own routes, so that a renamed route keeps its mask.
 */
const SECRET_SEGMENTS: RegExp[] = [FolderApiRoutes.sharedFolder(':token')].map(
  (pattern) => new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':token', '[^/]+')}(?=/|$)`),
);

/**
 * The path as a log line may show it (docs/product/rules.md#R783): without its query string (signed
 * links, e-mail confirmation and reset tokens, credentials travel there) and with its secret
 * segments masked. Every log line of the API that names a request's path goes through here.
 */
export function loggedPath(url: string | undefined): string {
  const path = (url ?? '').split('?')[0];
  for (const secret of SECRET_SEGMENTS) {
    if (secret.test(path)) return path.replace(secret, (matched) => `${matched.slice(0, matched.lastIndexOf('/') + 1)}${MASKED_SEGMENT}`);
  }
  return path;
}
