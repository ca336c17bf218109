import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { Game } from './game.entity';

/** A side's seat in a game; only a hash of its bearer token is stored. */
@Entity({ name: 'seats' })
@Unique('UQ_seats_game_id_side', ['gameId', 'side'])
export class Seat {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_seats' })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_seats_game_id' })
  game?: Game;

  @Column({ type: 'text' })
  side: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
