import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom scenarios are owned and capped (issue 16, row 8). Each upload records its
 * owner (`owner_player_id`: the player whose token uploaded it; NULL for the
 * operator, which every upload made before owners existed becomes) and its size
 * (`bytes`: the stored document's JSON, what the per-owner quota sums). A deleted
 * scenario leaves a tombstone (`deleted_at` set, the document emptied): its id is
 * never given to another document, so no cache or replay can confuse the two.
 */
export class ScenarioOwners1795750989191 implements MigrationInterface {
  name = 'ScenarioOwners1795750989191';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "custom_scenarios" ADD COLUMN "owner_player_id" uuid`);
    await q.query(`ALTER TABLE "custom_scenarios" ADD COLUMN "bytes" integer NOT NULL DEFAULT 0`);
    await q.query(`UPDATE "custom_scenarios" SET "bytes" = octet_length("document"::text)`);
    await q.query(`ALTER TABLE "custom_scenarios" ALTER COLUMN "bytes" DROP DEFAULT`);
    await q.query(
      `ALTER TABLE "custom_scenarios" ADD COLUMN "deleted_at" TIMESTAMP WITH TIME ZONE`,
    );
    await q.query(
      `CREATE INDEX "IDX_custom_scenarios_owner" ON "custom_scenarios" ("owner_player_id")`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_custom_scenarios_owner"`);
    await q.query(`ALTER TABLE "custom_scenarios" DROP COLUMN "deleted_at"`);
    await q.query(`ALTER TABLE "custom_scenarios" DROP COLUMN "bytes"`);
    await q.query(`ALTER TABLE "custom_scenarios" DROP COLUMN "owner_player_id"`);
  }
}
