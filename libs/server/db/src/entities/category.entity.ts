import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** 'Sujet' in the interface. */
@Entity('category')
export class CategoryEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 120, unique: true }) name: string;
  @Column({ type: 'int', default: 0 }) position: number;
}
