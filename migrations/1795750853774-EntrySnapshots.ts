import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Storage grows by the order, not by the state (issues 16 and 20): an entry
 * keeps its order, events and state hash, and the whole state only every
 * SNAPSHOT_EVERY entries (and when the game ends); the state after any other
 * entry is re-derived from the nearest snapshot before it by re-applying the
 * orders between. Entries written before keep their snapshots. The partial
 * index finds the nearest snapshot without walking the entries between.
 */
export class EntrySnapshots1795750853774 implements MigrationInterface {
  name = 'EntrySnapshots1795750853774';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "game_entries" ALTER COLUMN "state" DROP NOT NULL`);
    await q.query(
      `CREATE INDEX "IDX_game_entries_snapshots" ON "game_entries" ("game_id", "seq") WHERE "state" IS NOT NULL`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_game_entries_snapshots"`);
    await q.query(`ALTER TABLE "game_entries" ALTER COLUMN "state" SET NOT NULL`);
  }
}
