import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Difficulty } from '@outils/contracts';
import { CategoryEntity } from './category.entity';
import { ToolTypeEntity } from './tool-type.entity';
import { ToolImageEntity } from './tool-image.entity';

/** A downloadable tool. `search_vector` is a generated column (see the migration), not mapped. */
@Entity('tool')
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
  @ManyToOne(() => ToolTypeEntity, { onDelete: 'RESTRICT' }) @JoinColumn({ name: 'type_id' }) type?: ToolTypeEntity;
  @Column({ name: 'category_id', type: 'int' }) categoryId: number;
  @ManyToOne(() => CategoryEntity, { onDelete: 'RESTRICT' }) @JoinColumn({ name: 'category_id' }) category?: CategoryEntity;
  @Column({ type: 'varchar', length: 10, nullable: true }) difficulty: Difficulty | null;
  @Column({ name: 'file_key', type: 'varchar', length: 300 }) fileKey: string;
  @Column({ name: 'file_name', type: 'varchar', length: 255 }) fileName: string;
  @Column({ name: 'file_mime', type: 'varchar', length: 120 }) fileMime: string;
  @Column({ name: 'file_size', type: 'int' }) fileSize: number;
  /** Tool of the month candidate (home page). */
  @Column({ name: 'is_featured', type: 'boolean', default: false }) isFeatured: boolean;
  /** Kept by the server in the same transaction as each download log row (decisions §3). */
  @Column({ name: 'download_count', type: 'int', default: 0 }) downloadCount: number;
  @OneToMany(() => ToolImageEntity, (image) => image.tool) images?: ToolImageEntity[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
