import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forks (issue 18): a game started from a position of another game records
 * where it came from (`forked_from`: game, entry, state hash) and the
 * position itself (`start_state`), which is its entry 0 — a fork's set-up
 * cannot be re-created from its seed. Both null for every other game.
 */
export class GameForks1764288000000 implements MigrationInterface {
  name = 'GameForks1764288000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "games" ADD COLUMN "forked_from" jsonb`);
    await q.query(`ALTER TABLE "games" ADD COLUMN "start_state" jsonb`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "games" DROP COLUMN "start_state"`);
    await q.query(`ALTER TABLE "games" DROP COLUMN "forked_from"`);
  }
}
