import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ToolEntity } from './tool.entity';
import { UserEntity } from './user.entity';

@Entity('favorite')
@Index('favorite_tool_idx', ['toolId'])
export class FavoriteEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @PrimaryColumn({ name: 'tool_id', type: 'int' }) toolId: number;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'favorite_user_id_fkey' }) user?: UserEntity;
  @ManyToOne(() => ToolEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'tool_id', foreignKeyConstraintName: 'favorite_tool_id_fkey' }) tool?: ToolEntity;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
