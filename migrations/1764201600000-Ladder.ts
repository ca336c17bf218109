import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a ladder needs (issue 17): players and their API tokens, challenges,
 * the players, clock and draw/takeback state of games played between players,
 * Glicko-2 ratings and the change each rated game made, the per-player event
 * log, webhooks and their delivery log, tournaments with their players and
 * pairings. Anonymous games (seat tokens only) have no row in ladder_games.
 */
export class Ladder1764201600000 implements MigrationInterface {
  name = 'Ladder1764201600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "players" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "handle" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_players" PRIMARY KEY ("id")
      )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_players_handle" ON "players" (lower("handle"))`);
    await q.query(`
      CREATE TABLE "player_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "player_id" uuid NOT NULL,
        "token_hash" text NOT NULL,
        "label" text NOT NULL,
        "scopes" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_player_tokens" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_player_tokens_token_hash" UNIQUE ("token_hash"),
        CONSTRAINT "FK_player_tokens_player_id" FOREIGN KEY ("player_id")
          REFERENCES "players"("id") ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE "challenges" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "challenger_id" uuid NOT NULL,
        "challenged_id" uuid,
        "scenario_id" text NOT NULL,
        "side" text NOT NULL,
        "options" jsonb NOT NULL DEFAULT '{}',
        "time_control" jsonb,
        "rated" boolean NOT NULL,
        "status" text NOT NULL,
        "game_id" uuid,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_challenges" PRIMARY KEY ("id"),
        CONSTRAINT "FK_challenges_challenger_id" FOREIGN KEY ("challenger_id")
          REFERENCES "players"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_challenges_challenged_id" FOREIGN KEY ("challenged_id")
          REFERENCES "players"("id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX "IDX_challenges_status" ON "challenges" ("status", "expires_at")`);
    await q.query(`
      CREATE TABLE "tournaments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "kind" text NOT NULL,
        "organizer_id" uuid NOT NULL,
        "scenario_id" text NOT NULL,
        "options" jsonb NOT NULL DEFAULT '{}',
        "time_control" jsonb,
        "rated" boolean NOT NULL,
        "status" text NOT NULL,
        "rounds" integer,
        "current_round" integer NOT NULL DEFAULT 0,
        "round_hours" integer NOT NULL,
        "round_deadline" TIMESTAMP WITH TIME ZONE,
        "max_players" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "finished_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_tournaments" PRIMARY KEY ("id"),
        CONSTRAINT "FK_tournaments_organizer_id" FOREIGN KEY ("organizer_id")
          REFERENCES "players"("id") ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE "tournament_players" (
        "tournament_id" uuid NOT NULL,
        "player_id" uuid NOT NULL,
        "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_tournament_players" PRIMARY KEY ("tournament_id", "player_id"),
        CONSTRAINT "FK_tournament_players_tournament_id" FOREIGN KEY ("tournament_id")
          REFERENCES "tournaments"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_tournament_players_player_id" FOREIGN KEY ("player_id")
          REFERENCES "players"("id") ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE "ladder_games" (
        "game_id" uuid NOT NULL,
        "union_player_id" uuid NOT NULL,
        "confederate_player_id" uuid NOT NULL,
        "rated" boolean NOT NULL,
        "time_control" jsonb,
        "clock" jsonb,
        "challenge_id" uuid,
        "tournament_id" uuid,
        "round" integer,
        "draw_offer" text,
        "outcome" jsonb,
        "finished_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_ladder_games" PRIMARY KEY ("game_id"),
        CONSTRAINT "FK_ladder_games_game_id" FOREIGN KEY ("game_id")
          REFERENCES "games"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_ladder_games_union_player_id" FOREIGN KEY ("union_player_id")
          REFERENCES "players"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_ladder_games_confederate_player_id" FOREIGN KEY ("confederate_player_id")
          REFERENCES "players"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_ladder_games_tournament_id" FOREIGN KEY ("tournament_id")
          REFERENCES "tournaments"("id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX "IDX_ladder_games_union" ON "ladder_games" ("union_player_id")`);
    await q.query(
      `CREATE INDEX "IDX_ladder_games_confederate" ON "ladder_games" ("confederate_player_id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_ladder_games_tournament" ON "ladder_games" ("tournament_id", "round")`,
    );
    await q.query(`
      CREATE TABLE "tournament_byes" (
        "tournament_id" uuid NOT NULL,
        "round" integer NOT NULL,
        "player_id" uuid NOT NULL,
        CONSTRAINT "PK_tournament_byes" PRIMARY KEY ("tournament_id", "round"),
        CONSTRAINT "FK_tournament_byes_tournament_id" FOREIGN KEY ("tournament_id")
          REFERENCES "tournaments"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_tournament_byes_player_id" FOREIGN KEY ("player_id")
          REFERENCES "players"("id") ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE "ratings" (
        "player_id" uuid NOT NULL,
        "category" text NOT NULL,
        "scenario_id" text NOT NULL DEFAULT '',
        "side" text NOT NULL DEFAULT '',
        "rating" double precision NOT NULL,
        "rd" double precision NOT NULL,
        "volatility" double precision NOT NULL,
        "games" integer NOT NULL DEFAULT 0,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_ratings" PRIMARY KEY ("player_id", "category", "scenario_id", "side"),
        CONSTRAINT "FK_ratings_player_id" FOREIGN KEY ("player_id")
          REFERENCES "players"("id") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "IDX_ratings_board" ON "ratings" ("category", "scenario_id", "side", "rating")`,
    );
    await q.query(`
      CREATE TABLE "rating_changes" (
        "id" BIGSERIAL NOT NULL,
        "game_id" uuid NOT NULL,
        "player_id" uuid NOT NULL,
        "category" text NOT NULL,
        "scenario_id" text NOT NULL,
        "side" text NOT NULL,
        "rating_before" double precision NOT NULL,
        "rating_after" double precision NOT NULL,
        "rd_before" double precision NOT NULL,
        "rd_after" double precision NOT NULL,
        "score" double precision NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_rating_changes" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_rating_changes" UNIQUE ("game_id", "player_id", "category"),
        CONSTRAINT "FK_rating_changes_game_id" FOREIGN KEY ("game_id")
          REFERENCES "games"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_rating_changes_player_id" FOREIGN KEY ("player_id")
          REFERENCES "players"("id") ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE "player_events" (
        "id" BIGSERIAL NOT NULL,
        "player_id" uuid NOT NULL,
        "type" text NOT NULL,
        "data" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_player_events" PRIMARY KEY ("id"),
        CONSTRAINT "FK_player_events_player_id" FOREIGN KEY ("player_id")
          REFERENCES "players"("id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX "IDX_player_events_player" ON "player_events" ("player_id", "id")`);
    await q.query(`
      CREATE TABLE "webhooks" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "player_id" uuid NOT NULL,
        "url" text NOT NULL,
        "secret" text NOT NULL,
        "events" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "secret_rotated_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_webhooks" PRIMARY KEY ("id"),
        CONSTRAINT "FK_webhooks_player_id" FOREIGN KEY ("player_id")
          REFERENCES "players"("id") ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE "webhook_deliveries" (
        "id" BIGSERIAL NOT NULL,
        "webhook_id" uuid NOT NULL,
        "event_id" bigint NOT NULL,
        "event_type" text NOT NULL,
        "body" text NOT NULL,
        "status" text NOT NULL,
        "attempts" jsonb NOT NULL DEFAULT '[]',
        "next_attempt_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_webhook_deliveries" PRIMARY KEY ("id"),
        CONSTRAINT "FK_webhook_deliveries_webhook_id" FOREIGN KEY ("webhook_id")
          REFERENCES "webhooks"("id") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("status", "next_attempt_at")`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'webhook_deliveries',
      'webhooks',
      'player_events',
      'rating_changes',
      'ratings',
      'tournament_byes',
      'ladder_games',
      'tournament_players',
      'tournaments',
      'challenges',
      'player_tokens',
      'players',
    ])
      await q.query(`DROP TABLE "${table}"`);
  }
}
