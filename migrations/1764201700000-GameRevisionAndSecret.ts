import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a game needs to stay verifiable (issue 13):
 * - engine_revision: the engine revision the game was created under (src/engine/revision.ts);
 *   games stored before this column are revision 1.
 * - scenario_hash: sha256 of the canonical scenario and map documents the game was created
 *   from, so verification can say the data changed rather than report a mismatch; null for
 *   games stored before.
 * - secret: a per-game server secret, revealed with the seed at the end. It salts the seed
 *   commitment (HMAC) and keys the published state hashes, so neither can be brute-forced
 *   for hidden content before the end; null for games stored before (unsalted sha256).
 */
export class GameRevisionAndSecret1764201700000 implements MigrationInterface {
  name = 'GameRevisionAndSecret1764201700000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "games" ADD COLUMN "engine_revision" integer NOT NULL DEFAULT 1, ADD COLUMN "scenario_hash" text, ADD COLUMN "secret" text`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "games" DROP COLUMN "secret", DROP COLUMN "scenario_hash", DROP COLUMN "engine_revision"`,
    );
  }
}
