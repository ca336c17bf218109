import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Game } from './game.entity';

/** The first answer given to an order submitted with an Idempotency-Key header. */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKey {
  @PrimaryColumn({ name: 'game_id', type: 'uuid', primaryKeyConstraintName: 'PK_idempotency_keys' })
  gameId: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_idempotency_keys' })
  key: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_idempotency_keys_game_id' })
  game?: Game;

  @Column({ type: 'text' })
  side: string;

  @Column({ type: 'jsonb' })
  response: unknown;

  /** sha256 of the canonical submission (side, expectedVersion, order) the key was first used for. */
  @Column({ name: 'request_hash', type: 'text', nullable: true })
  requestHash: string | null;

  @Column({ name: 'status_code', type: 'integer' })
  statusCode: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
