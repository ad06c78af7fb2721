import type { Request } from 'express';
import { isbot } from 'isbot';

/** Why a fetch of a file is logged but not counted (docs/product/rules.md#R670). */
export type DownloadExclusion = 'bot' | 'head' | 'repeat';

/**
 * Whether a fetch of a signed file link is a download a person made (docs/product/rules.md#R670):
 * a `HEAD` transfers nothing; a known crawler or link-preview robot (the maintained `isbot` list,
 * by user agent) is no reader. `null`: it counts (unless the link was already used, which the
 * repository finds out). A fetch without a user agent counts: browsers always send one, and
 * refusing it would only reward whoever sends a fake one.
 */
export function downloadExclusion(req: Pick<Request, 'method' | 'headers'>): Exclude<DownloadExclusion, 'repeat'> | null {
  if (req.method === 'HEAD') return 'head';
  const agent = req.headers['user-agent'];
  return typeof agent === 'string' && isbot(agent) ? 'bot' : null;
}
