import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A scenario uploaded through POST /v1/scenarios; `document` is the validated scenario JSON. */
@Entity({ name: 'custom_scenarios' })
export class CustomScenario {
  /** Chosen by the scenarios service (text, so it can be a slug or a uuid). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_custom_scenarios' })
  id: string;

  @Column({ type: 'jsonb' })
  document: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
