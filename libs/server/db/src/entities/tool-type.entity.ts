import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** "Type d'outils": diagnostic, checklist, template, kit… */
@Entity('tool_type')
export class ToolTypeEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 120, unique: true }) name: string;
  @Column({ type: 'int', default: 0 }) position: number;
}
