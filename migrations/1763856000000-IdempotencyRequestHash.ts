import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A fingerprint of the submission an Idempotency-Key was first used for, so a
 * key reused for a different order is refused instead of answering with the
 * stored answer of another request. Nullable: rows written before have none.
 */
export class IdempotencyRequestHash1763856000000 implements MigrationInterface {
  name = 'IdempotencyRequestHash1763856000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "idempotency_keys" DROP COLUMN "request_hash"`);
  }
}
