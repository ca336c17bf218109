import { MigrationInterface, QueryRunner } from 'typeorm';

/** Games, their order log, seats, idempotency keys and custom scenarios. */
export class InitialSchema1763769600000 implements MigrationInterface {
  name = 'InitialSchema1763769600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "games" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "scenario_id" text NOT NULL,
        "rules_system" text NOT NULL,
        "rules_version" text NOT NULL,
        "status" text NOT NULL,
        "state" jsonb NOT NULL,
        "version" integer NOT NULL DEFAULT 0,
        "seed" text NOT NULL,
        "seed_commitment" text NOT NULL,
        "options" jsonb NOT NULL DEFAULT '{}',
        "result" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_games" PRIMARY KEY ("id")
      )`);
    await q.query(`
      CREATE TABLE "game_entries" (
        "id" BIGSERIAL NOT NULL,
        "game_id" uuid NOT NULL,
        "seq" integer NOT NULL,
        "side" text NOT NULL,
        "order" jsonb NOT NULL,
        "events" jsonb NOT NULL,
        "state_hash" text NOT NULL,
        "state" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_game_entries" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_game_entries_game_id_seq" UNIQUE ("game_id", "seq"),
        CONSTRAINT "FK_game_entries_game_id" FOREIGN KEY ("game_id")
          REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await q.query(`
      CREATE TABLE "seats" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "game_id" uuid NOT NULL,
        "side" text NOT NULL,
        "token_hash" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_seats" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_seats_game_id_side" UNIQUE ("game_id", "side"),
        CONSTRAINT "FK_seats_game_id" FOREIGN KEY ("game_id")
          REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await q.query(`
      CREATE TABLE "custom_scenarios" (
        "id" text NOT NULL,
        "document" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_custom_scenarios" PRIMARY KEY ("id")
      )`);
    await q.query(`
      CREATE TABLE "idempotency_keys" (
        "game_id" uuid NOT NULL,
        "key" text NOT NULL,
        "side" text NOT NULL,
        "response" jsonb NOT NULL,
        "status_code" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_idempotency_keys" PRIMARY KEY ("game_id", "key"),
        CONSTRAINT "FK_idempotency_keys_game_id" FOREIGN KEY ("game_id")
          REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "idempotency_keys"`);
    await q.query(`DROP TABLE "custom_scenarios"`);
    await q.query(`DROP TABLE "seats"`);
    await q.query(`DROP TABLE "game_entries"`);
    await q.query(`DROP TABLE "games"`);
  }
}
