import { createHash, createHmac } from 'node:crypto';
import type { Request } from 'express';
import { isbot } from 'isbot';
import type { PartnerEventKind } from '@outils/contracts';
import { clientIp } from '../../../common/http/client-ip';
import { clientNetworkKey } from '../../../common/http/client-network';

/**
 * How a partner's figures are counted, the COUNTER way (docs/product/rules.md#R997–R999): the one
 * pure home of the decisions; the repository only stores and sums what these say.
 */

/** A same visitor's same event on the same item within this many seconds after a counted one is the same click. */
export const DOUBLE_CLICK_SECONDS = 30;

/** What is known of a request when it is counted. */
export interface RequestFacts {
  method: string;
  userAgent: string | undefined;
  /** The caller's network key (`clientNetworkKey`): an IPv4 address or an IPv6 /64. */
  network: string;
}

/** Why an event is not counted; `null`: it counts. */
export type NotCounted = 'head' | 'bot' | 'double-click' | 'repeat' | 'unattributed';

/** A `HEAD` transfers nothing; a robot of the maintained `isbot` list is no reader (docs/product/rules.md#R1005). */
export function requestExclusion(facts: Pick<RequestFacts, 'method' | 'userAgent'>): 'head' | 'bot' | null {
  if (facts.method.toUpperCase() === 'HEAD') return 'head';
  return typeof facts.userAgent === 'string' && isbot(facts.userAgent) ? 'bot' : null;
}

/** Whether an event at `now` repeats the visitor's last counted one on the same item (docs/product/rules.md#R1005). */
export function isDoubleClick(lastCountedAt: Date | null, now: Date): boolean {
  if (!lastCountedAt) return false;
  const seconds = (now.getTime() - lastCountedAt.getTime()) / 1000;
  return seconds >= 0 && seconds < DOUBLE_CLICK_SECONDS;
}

/**
 * The visitor of a day (docs/product/rules.md#R1005): an HMAC of the network and the user agent under
 * that day's random salt, so that the same person is one visitor within a day; once the salt is
 * deleted nobody, not even whoever holds the server's secrets, can tell whose hash it was, and
 * neither the address nor the user agent is stored.
 */
export function visitorOf(salt: Buffer, day: string, facts: Pick<RequestFacts, 'network' | 'userAgent'>): string {
  const agent = createHash('sha256').update(facts.userAgent ?? '').digest('hex');
  const network = createHash('sha256').update(facts.network).digest('hex');
  return createHmac('sha256', salt).update(`${day}|${network}|${agent}`).digest('base64url');
}

/** The item an event is about: the tool for a sheet or a download, nothing for a view or a sign-up. */
export function itemOf(kind: PartnerEventKind, toolId: number | null): string {
  return (kind === 'sheet' || kind === 'download') && toolId !== null ? String(toolId) : '';
}

/** The facts of an Express request: method, user agent and network key. */
export function factsOf(req: Request): RequestFacts {
  return { method: req.method, userAgent: req.headers['user-agent'], network: clientNetworkKey(clientIp(req)) };
}
