import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Difficulty } from '@outils/contracts';
import { CategoryEntity } from './category.entity';
import { ToolTypeEntity } from './tool-type.entity';
import { ToolImageEntity } from './tool-image.entity';

/** A downloadable tool. */
@Entity('tool')
// Listing and search indexes (descending keys, a partial one, a GIN one) are written by hand in the
// migrations; TypeORM cannot express them, so it is told to leave them as they are.
@Index('tool_recent_idx', { synchronize: false })
@Index('tool_category_recent_idx', { synchronize: false })
@Index('tool_type_recent_idx', { synchronize: false })
@Index('tool_difficulty_recent_idx', { synchronize: false })
@Index('tool_popular_idx', { synchronize: false })
@Index('tool_featured_idx', { synchronize: false })
@Index('tool_search_idx', { synchronize: false })
@Check('tool_duration_check', 'duration IS NULL OR duration >= 0')
@Check('tool_difficulty_check', "difficulty IN ('Simple', 'Moyen', 'Complexe')")
export class ToolEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 160, unique: true }) slug: string;
  @Column({ type: 'varchar', length: 160 }) name: string;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'text', nullable: true }) goal: string | null;
  @Column({ type: 'text', nullable: true }) people: string | null;
  /** Hours; numeric comes back from pg as a string, hence the transformer. */
  @Column({
    type: 'numeric', precision: 6, scale: 2, nullable: true,
    transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) },
  })
  duration: number | null;
  @Column({ name: 'type_id', type: 'int' }) typeId: number;
  @ManyToOne(() => ToolTypeEntity, { onDelete: 'RESTRICT' }) @JoinColumn({ name: 'type_id', foreignKeyConstraintName: 'tool_type_id_fkey' }) type?: ToolTypeEntity;
  @Column({ name: 'category_id', type: 'int' }) categoryId: number;
  @ManyToOne(() => CategoryEntity, { onDelete: 'RESTRICT' }) @JoinColumn({ name: 'category_id', foreignKeyConstraintName: 'tool_category_id_fkey' }) category?: CategoryEntity;
  @Column({ type: 'varchar', length: 10, nullable: true }) difficulty: Difficulty | null;
  @Column({ name: 'file_key', type: 'varchar', length: 300 }) fileKey: string;
  @Column({ name: 'file_name', type: 'varchar', length: 255 }) fileName: string;
  @Column({ name: 'file_mime', type: 'varchar', length: 120 }) fileMime: string;
  @Column({ name: 'file_size', type: 'int' }) fileSize: number;
  /** Tool of the month candidate (home page). */
  @Column({ name: 'is_featured', type: 'boolean', default: false }) isFeatured: boolean;
  /** Kept by the server in the same transaction as each download log row (docs/product/rules.md#R102). */
  @Column({ name: 'download_count', type: 'int', default: 0 }) downloadCount: number;
  @OneToMany(() => ToolImageEntity, (image) => image.tool) images?: ToolImageEntity[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /**
   * The French full-text document of the listing's search, computed by PostgreSQL and read only in
   * SQL (`tools-listing.sql`): never selected, inserted or updated through TypeORM. Declared so that
   * the schema the entities describe is the one the migrations build (migrations.spec.ts).
   */
  @Column({
    name: 'search_vector', type: 'tsvector', nullable: true, select: false, insert: false, update: false, generatedType: 'STORED',
    asExpression:
      "setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(name, '')), 'A') || " +
      "setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(goal, '')), 'B') || " +
      "setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(description, '')), 'C')",
  })
  searchVector?: string;
}

