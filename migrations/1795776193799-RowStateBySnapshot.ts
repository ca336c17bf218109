import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders at the speed of the database (issue 20): a game row no longer takes the whole
 * state with every order, only with the entries that keep a snapshot (every 16, the end,
 * flow entries). `state_seq` says after which entry `state` is; the state after any
 * later entry is re-derived from the log (at most 15 orders re-applied). `turn` and
 * `phase` are kept with every order, for the game listing, which read them from the
 * state. Every row stored before holds its current state.
 */
export class RowStateBySnapshot1795776193799 implements MigrationInterface {
  name = 'RowStateBySnapshot1795776193799';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "games" ADD COLUMN "state_seq" integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE "games" ADD COLUMN "turn" jsonb`);
    await q.query(`ALTER TABLE "games" ADD COLUMN "phase" text`);
    await q.query(
      `UPDATE "games" SET "state_seq" = "version", "turn" = "state" -> 'turn', "phase" = "state" ->> 'phase'`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "games" DROP COLUMN "phase"`);
    await q.query(`ALTER TABLE "games" DROP COLUMN "turn"`);
    await q.query(`ALTER TABLE "games" DROP COLUMN "state_seq"`);
  }
}
