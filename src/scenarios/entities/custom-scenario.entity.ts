import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A scenario uploaded through POST /v1/scenarios; `document` is the validated scenario JSON.
 * Owned by the player who uploaded it (null: the operator), counted against that owner's
 * quota by `bytes`; a deleted one stays as a tombstone (`deletedAt`) so its id is not reused.
 */
@Entity({ name: 'custom_scenarios' })
@Index('IDX_custom_scenarios_owner', ['ownerPlayerId'])
export class CustomScenario {
  /** Chosen by the scenarios service (text, so it can be a slug or a uuid). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_custom_scenarios' })
  id: string;

  @Column({ type: 'jsonb' })
  document: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The uploading player (players.id); null for the operator (SCENARIO_UPLOAD_TOKEN). */
  @Column({ name: 'owner_player_id', type: 'uuid', nullable: true })
  ownerPlayerId: string | null;

  /** The stored document's size as JSON text (UTF-8 bytes): what the owner's byte quota sums. */
  @Column({ type: 'integer' })
  bytes: number;

  /** Set when the owner deleted it: the document is emptied, the id stays taken. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
