import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fair dice by default (issue 16, row 7): the server alone draws a game's seed. A
 * client may choose it only for a game marked `testing` (unrated, marked so in its
 * view, listing, replay and text). Every game stored before is false: nothing said
 * which of them had a chosen seed.
 */
export class GameTesting1795752822918 implements MigrationInterface {
  name = 'GameTesting1795752822918';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "games" ADD COLUMN "testing" boolean NOT NULL DEFAULT false`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "games" DROP COLUMN "testing"`);
  }
}
