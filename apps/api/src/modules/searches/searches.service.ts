import { Injectable } from '@nestjs/common';
import { SearchesMessages, SearchLimits, type SearchesResponse } from '@outils/contracts';
import { addDays, parisDay } from '@outils/server-db';
import { BadRequestError } from '../../common/errors/domain-error';
import type { RecordSearchDto, SearchesQueryDto, SearchOpenedDto } from './dto/searches.dto';
import { foldSearch } from './fold-search';
import { SearchesRepository } from './searches.repository';

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * What visitors look for (docs/product/rules.md#R970–R974): each search counted under its folded
 * text and its Paris day, never with who searched (no user, address, browser or IP is read or kept).
 */
@Injectable()
export class SearchesService {
  constructor(private readonly searches: SearchesRepository) {}

  async record(body: RecordSearchDto, now = new Date()): Promise<void> {
    const text = foldSearch(body.q);
    if (text) await this.searches.record(parisDay(now), text, body.results);
  }

  async opened(body: SearchOpenedDto, now = new Date()): Promise<void> {
    const text = foldSearch(body.q);
    if (text) await this.searches.opened(parisDay(now), text);
  }

  async report(query: SearchesQueryDto, now = new Date()): Promise<SearchesResponse> {
    const to = query.to ?? parisDay(now);
    const from = query.from ?? addDays(to, -29);
    if (from > to) throw new BadRequestError(SearchesMessages.rangeReversed);
    if (daysBetween(from, to) > SearchLimits.maxRangeDays) throw new BadRequestError(SearchesMessages.rangeTooLong(SearchLimits.maxRangeDays));
    const [totals, mostSearched, withoutResults, neverOpened] = await Promise.all([
      this.searches.totals(from, to),
      this.searches.list('most', from, to, SearchLimits.listSize),
      this.searches.list('none', from, to, SearchLimits.listSize),
      this.searches.list('unopened', from, to, SearchLimits.listSize),
    ]);
    return { from, to, totals, mostSearched, withoutResults, neverOpened };
  }
}
