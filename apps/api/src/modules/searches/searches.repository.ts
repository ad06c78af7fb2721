import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SearchRow } from '@outils/contracts';

const ROW = `text, sum(searches)::int AS searches, sum(without_results)::int AS "withoutResults",
             (array_agg(last_results ORDER BY day DESC))[1] AS "lastResults", sum(opened)::int AS opened`;

/** The searches of each day, folded (docs/product/rules.md#R970–R974). */
@Injectable()
export class SearchesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(day: string, text: string, results: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO search_daily AS s (day, text, searches, without_results, last_results) VALUES ($1, $2, 1, $3, $4)
       ON CONFLICT (day, text) DO UPDATE SET searches = s.searches + 1, without_results = s.without_results + EXCLUDED.without_results,
         last_results = EXCLUDED.last_results`,
      [day, text, results === 0 ? 1 : 0, results],
    );
  }

  /** Counts an opened result for a text searched that day (an opening without a search counts nothing). */
  async opened(day: string, text: string): Promise<void> {
    await this.dataSource.query(`UPDATE search_daily SET opened = opened + 1 WHERE day = $1 AND text = $2 AND opened < searches`, [day, text]);
  }

  async totals(from: string, to: string): Promise<{ searches: number; withoutResults: number; opened: number }> {
    const [row] = await this.dataSource.query(
      `SELECT coalesce(sum(searches), 0)::int AS searches, coalesce(sum(without_results), 0)::int AS "withoutResults", coalesce(sum(opened), 0)::int AS opened
         FROM search_daily WHERE day BETWEEN $1::date AND $2::date`,
      [from, to],
    );
    return row;
  }

  /** `kind`: the most searched; those that found nothing; those found but never opened. */
  async list(kind: 'most' | 'none' | 'unopened', from: string, to: string, limit: number): Promise<SearchRow[]> {
    const having = kind === 'none' ? 'HAVING sum(without_results) > 0' : kind === 'unopened' ? 'HAVING sum(opened) = 0 AND sum(searches) > sum(without_results)' : '';
    const order = kind === 'none' ? 'sum(without_results) DESC' : 'sum(searches) DESC';
    return this.dataSource.query(
      `SELECT ${ROW} FROM search_daily WHERE day BETWEEN $1::date AND $2::date GROUP BY text ${having} ORDER BY ${order}, text LIMIT $3`,
      [from, to, limit],
    );
  }
}
