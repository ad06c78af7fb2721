import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogueMessages, CommonMessages, UsefulnessLimits, UsefulnessMessages, type UsefulnessAnswerResponse, type UsefulnessSummaryResponse } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../common/errors/domain-error';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import type { UsefulnessAnswerDto } from './dto/usefulness.dto';
import { Answerer, UsefulnessRepository } from './usefulness.repository';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The sheet's question "Cet outil vous a-t-il aidé ?" (docs/product/rules.md#R960–R963). */
@Injectable()
export class UsefulnessService {
  constructor(
    private readonly answers: UsefulnessRepository,
    private readonly limits: RateLimitService,
  ) {}

  async summary(toolId: number, caller: AuthUser | undefined): Promise<UsefulnessSummaryResponse> {
    if (!(await this.answers.toolIsPublic(toolId))) throw new NotFoundError(CatalogueMessages.toolNotFound);
    const { answers, useful } = await this.answers.counts(toolId);
    // docs/product/rules.md#R963: no figure before 10 counted answers.
    const shown = answers >= UsefulnessLimits.shownFrom ? { usefulPercent: Math.round((useful * 100) / answers), answers } : null;
    return { shown, mine: caller ? await this.answers.memberAnswer(caller.id, toolId) : null };
  }

  /**
   * A member answers as themselves (the body's browser key is ignored); a guest needs a browser key,
   * and each new browser's answer spends the network's budget (docs/product/rules.md#R961). Robots and
   * people with no prior download are stored apart (docs/product/rules.md#R962).
   */
  async answer(body: UsefulnessAnswerDto, caller: AuthUser | undefined, ip: string, robot: boolean): Promise<UsefulnessAnswerResponse> {
    let who: Answerer;
    let downloaded: boolean;
    if (caller) {
      who = { userId: caller.id };
      downloaded = await this.answers.memberDownloaded(caller.id, body.toolId);
    } else {
      if (!body.visitorKey) throw new BadRequestError(UsefulnessMessages.visitorKeyNeeded);
      who = { visitorHash: sha256(body.visitorKey) };
      await this.limits.consume(PublicRateLimits.usefulnessGuest, { ip }, CommonMessages.tooManyRequestsFromIp);
      downloaded = body.downloadProof !== undefined && (await this.answers.linkDownloaded(sha256(body.downloadProof), body.toolId));
    }
    const mine = await this.answers.save(who, {
      toolId: body.toolId,
      useful: body.useful,
      comment: body.comment,
      excludedReason: robot ? 'bot' : downloaded ? null : 'no-download',
    });
    if (!mine) throw new NotFoundError(CatalogueMessages.toolNotFound);
    return { message: body.comment ? UsefulnessMessages.thanksComment : UsefulnessMessages.thanks, mine };
  }
}
