import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Takeback requests (issue 17 item 4): a game between players holds the
 * standing request ({side, to, at}: the side asking, the entry whose
 * position it asks to go back to), until the other side answers it or an
 * order is given. Null when there is none.
 */
export class TakebackRequests1795750838825 implements MigrationInterface {
  name = 'TakebackRequests1795750838825';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "ladder_games" ADD COLUMN "takeback_request" jsonb`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "ladder_games" DROP COLUMN "takeback_request"`);
  }
}
