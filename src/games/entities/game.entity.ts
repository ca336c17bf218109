import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** The game and entry a fork started from, and the hash recorded for that position. */
export interface ForkOrigin {
  game: string;
  seq: number;
  stateHash: string;
}

/** One game: its current engine state and the optimistic-concurrency `version`. */
@Entity({ name: 'games' })
export class Game {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_games' })
  id: string;

  @Column({ name: 'scenario_id', type: 'text' })
  scenarioId: string;

  @Column({ name: 'rules_system', type: 'text' })
  rulesSystem: string;

  @Column({ name: 'rules_version', type: 'text' })
  rulesVersion: string;

  @Column({ type: 'text' })
  status: string;

  @Column({ type: 'jsonb' })
  state: unknown;

  @Column({ type: 'integer', default: 0 })
  version: number;

  /**
   * After which entry `state` is (issue 20: the row takes the state only with entries
   * that keep a snapshot); the current state is re-derived from the log when it is
   * behind `version`.
   */
  @Column({ name: 'state_seq', type: 'integer', default: 0 })
  stateSeq: number;

  /** The current state's turn and phase, written with every entry (the game listing reads them). */
  @Column({ type: 'jsonb', nullable: true })
  turn: unknown;

  @Column({ type: 'text', nullable: true })
  phase: string | null;

  /** The secret seed of the game's dice; revealed once the game is over. */
  @Column({ type: 'text' })
  seed: string;

  /** Published commitment to the seed (a hash), so players can verify it afterwards. */
  @Column({ name: 'seed_commitment', type: 'text' })
  seedCommitment: string;

  /** The engine revision the game was created under (src/engine/revision.ts); 1 for games stored before it was recorded. */
  @Column({ name: 'engine_revision', type: 'integer', default: 1 })
  engineRevision: number;

  /** sha256 of the canonical scenario and map documents the game was created from; null for games stored before. */
  @Column({ name: 'scenario_hash', type: 'text', nullable: true })
  scenarioHash: string | null;

  /**
   * Per-game server secret, revealed with the seed once the game is over: it salts the seed
   * commitment and keys the published state hashes (state-hash.ts). Null for games stored
   * before it existed (unsalted commitment, plain sha256 hashes).
   */
  @Column({ type: 'text', nullable: true })
  secret: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  options: Record<string, unknown>;

  @Column({ type: 'jsonb', nullable: true })
  result: unknown;

  /** Where a fork started (issue 18): the game, the entry and that state's hash; null for a new game. */
  @Column({ name: 'forked_from', type: 'jsonb', nullable: true })
  forkedFrom: ForkOrigin | null;

  /**
   * A game for testing (issue 16): its creator chose the seed, so it is never rated and
   * says so in its view, listing, replay and text. False for every other game.
   */
  @Column({ type: 'boolean', default: false })
  testing: boolean;

  /** A fork's entry 0: the position it started from (a fork's set-up is not re-created from its seed). */
  @Column({ name: 'start_state', type: 'jsonb', nullable: true, select: false })
  startState?: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
