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
@Index('tool_duration_idx', { synchronize: false })
@Check('tool_duration_check', 'duration IS NULL OR duration >= 0')
@Check('tool_file_pages_check', 'file_pages IS NULL OR file_pages > 0')
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
  /** The admin's description of an image tool file (docs/product/rules.md#R942). */
  @Column({ name: 'file_alt', type: 'varchar', length: 1000, nullable: true }) fileAlt: string | null;
  @Column({ name: 'file_size', type: 'int' }) fileSize: number;
  /** The declared accessible alternative, another file with its own facts (docs/product/rules.md#R943). */
  @Column({ name: 'alt_file_key', type: 'varchar', length: 300, nullable: true }) altFileKey: string | null;
  @Column({ name: 'alt_file_name', type: 'varchar', length: 255, nullable: true }) altFileName: string | null;
  @Column({ name: 'alt_file_mime', type: 'varchar', length: 120, nullable: true }) altFileMime: string | null;
  @Column({ name: 'alt_file_size', type: 'int', nullable: true }) altFileSize: number | null;
  /** PDF and DOCX only, null when unknown (docs/product/rules.md#R631). */
  @Column({ name: 'file_pages', type: 'int', nullable: true }) filePages: number | null;
  /** When the file was last replaced; null while it is the one published (docs/product/rules.md#R632). */
  @Column({ name: 'file_updated_at', type: 'timestamptz', nullable: true }) fileUpdatedAt: Date | null;
  /** The first page of a PDF as a PNG, written by the worker (docs/product/rules.md#R636). */
  @Column({ name: 'preview_key', type: 'varchar', length: 300, nullable: true }) previewKey: string | null;
  @Column({ name: 'preview_width', type: 'int', nullable: true }) previewWidth: number | null;
  @Column({ name: 'preview_height', type: 'int', nullable: true }) previewHeight: number | null;
  /** The current version's number and note, kept with its file (docs/product/rules.md#R900). */
  @Column({ name: 'version_number', type: 'int', default: 1 }) versionNumber: number;
  @Column({ name: 'version_note', type: 'text', nullable: true }) versionNote: string | null;
  /** Tool of the month candidate (home page). */
  @Column({ name: 'is_featured', type: 'boolean', default: false }) isFeatured: boolean;
  /** Kept by the server in the same transaction as each download log row (docs/product/rules.md#R102). */
  @Column({ name: 'download_count', type: 'int', default: 0 }) downloadCount: number;
  @OneToMany(() => ToolImageEntity, (image) => image.tool) images?: ToolImageEntity[];
  /** A draft is never public (docs/product/rules.md#R650). */
  @Column({ name: 'is_draft', type: 'boolean', default: false }) isDraft: boolean;
  /** The chosen moment of publication; NULL: when created (docs/product/rules.md#R650). */
  @Column({ name: 'publish_at', type: 'timestamptz', nullable: true }) publishAt: Date | null;
  /**
   * When the tool is (or will be) public, computed by PostgreSQL: NULL for a draft, else
   * `publish_at` or `created_at`. Public reads compare it with now() (`publishedTool`,
   * docs/product/rules.md#R651); read only in SQL, like `search_vector`.
   */
  @Column({
    name: 'published_at', type: 'timestamptz', nullable: true, select: false, insert: false, update: false, generatedType: 'STORED',
    asExpression: 'CASE WHEN is_draft THEN NULL ELSE COALESCE(publish_at, created_at) END',
  })
  publishedAt?: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /**
   * The French full-text document of the listing's search, kept by the trigger of migration
   * 1766400000000 (name, topic, type, goal, audience, description) and read only in SQL
   * (`tools-listing.sql`): never selected, inserted or updated through TypeORM. Declared so that
   * the schema the entities describe is the one the migrations build (migrations.spec.ts).
   */
  @Column({ name: 'search_vector', type: 'tsvector', nullable: true, select: false, insert: false, update: false })
  searchVector?: string;
}

