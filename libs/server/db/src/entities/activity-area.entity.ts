import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Secteur d'activité of a member (docs/product/rules.md#R59). */
@Entity('activity_area')
export class ActivityAreaEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 120, unique: true }) name: string;
  @Column({ type: 'int', default: 0 }) position: number;
}
