import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A folded search text's figures of one Europe/Paris day (docs/product/rules.md#R970): never who searched. */
@Entity('search_daily')
export class SearchDailyEntity {
  @PrimaryColumn({ type: 'date' }) day: string;
  @PrimaryColumn({ type: 'varchar', length: 100 }) text: string;
  @Column({ type: 'int', default: 0 }) searches: number;
  @Column({ name: 'without_results', type: 'int', default: 0 }) withoutResults: number;
  @Column({ name: 'last_results', type: 'int', default: 0 }) lastResults: number;
  @Column({ type: 'int', default: 0 }) opened: number;
}
