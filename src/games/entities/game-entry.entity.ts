import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { Game } from './game.entity';

/** One accepted order in a game's append-only log, with the events it caused. */
@Entity({ name: 'game_entries' })
@Unique('UQ_game_entries_game_id_seq', ['gameId', 'seq'])
@Index('IDX_game_entries_snapshots', ['gameId', 'seq'], { where: '"state" IS NOT NULL' })
export class GameEntry {
  /** Surrogate key (bigint, returned by pg as a string). */
  @PrimaryGeneratedColumn('increment', {
    type: 'bigint',
    primaryKeyConstraintName: 'PK_game_entries',
  })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_game_entries_game_id' })
  game?: Game;

  /** 1, 2, 3… in the order the entries were accepted. */
  @Column({ type: 'integer' })
  seq: number;

  @Column({ type: 'text' })
  side: string;

  @Column({ type: 'jsonb' })
  order: unknown;

  @Column({ type: 'jsonb' })
  events: unknown;

  @Column({ name: 'state_hash', type: 'text' })
  stateHash: string;

  /**
   * Snapshot of the state after this entry: every SNAPSHOT_EVERY entries and
   * at the end of the game (null otherwise: re-derived from the nearest
   * snapshot before, src/games/game-states.ts).
   */
  @Column({ type: 'jsonb', nullable: true })
  state: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
