import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  Sse,
} from '@nestjs/common';
import type { MessageEvent } from '@nestjs/common';
import accepts from 'accepts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nodeResponse } from '../common/http-adapter';
import { Observable } from 'rxjs';
import { ProblemException } from '../common/errors/problem';
import { CreateGameDto } from './dto/create-game.dto';
import { ExportGamesQuery } from './dto/export-games.query';
import { LegalOrdersAtQuery } from './dto/legal-orders-at.query';
import { PastPositions, type LegalOrdersAtDto } from './past-positions';
import { GameExport } from './game-export';
import { ImportGameDto } from './dto/import-game.dto';
import { importSource } from './import-source';
import { sseHeartbeat } from './sse-heartbeat';
import { ListGamesQuery } from './dto/list-games.query';
import { followUpdates, GameUpdatesBus } from './game-updates';
import {
  GamesService,
  toReplayEntry,
  type CreatedGame,
  type GamePage,
  type GameSeriesDto,
  type StateAtDto,
} from './games.service';
import type { GameViewDto } from './game-view';

export const NDJSON = 'application/x-ndjson';

/** An entry number from the path: 400 BAD_SEQ unless it is one. */
function entryNumber(seq: string): number {
  if (!/^\d{1,9}$/.test(seq)) {
    throw new ProblemException({
      status: 400,
      code: 'BAD_SEQ',
      detail: `"${seq}" is not an entry number: use 0 for the set-up, 1 for the state after the first entry, …`,
    });
  }
  return Number(seq);
}

/** How many entries to read per query when streaming a replay. */
const BATCH = 500;

@Controller('v1/games')
export class GamesController {
  constructor(
    private readonly games: GamesService,
    private readonly bus: GameUpdatesBus,
    private readonly exports: GameExport,
    private readonly past: PastPositions,
  ) {}

  /** 201 with the seats' tokens; Location names the new game. */
  @Post()
  @HttpCode(201)
  async create(
    @Body() body: CreateGameDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CreatedGame> {
    const created = await this.games.create(body);
    void res.header('Location', `/v1/games/${created.id}`);
    return created;
  }

  /** Re-creates a game from its text or JSON replay (docs/notation.md): every state hash equal. */
  @Post('import')
  @HttpCode(201)
  importGame(@Body() body: ImportGameDto): Promise<CreatedGame & { imported: number }> {
    return this.games.importGame(importSource(body));
  }

  @Get()
  list(@Query() query: ListGamesQuery): Promise<GamePage> {
    return this.games.list({
      scenario: query.scenario,
      status: query.status,
      limit: query.limit ?? 20,
      offset: query.offset ?? 0,
    });
  }

  /**
   * Finished games as NDJSON, newest first, one replay per line (with its
   * players), filtered like GET /v1/games and by rules system, result, date
   * range and player; `limit` games at most (page on with `until` and `after`). Streamed:
   * each game is read and written in turn.
   */
  @Get('export')
  async exportGames(@Query() query: ExportGamesQuery, @Res() reply: FastifyReply): Promise<void> {
    const since = query.since !== undefined ? new Date(query.since) : undefined;
    const until = query.until !== undefined ? new Date(query.until) : undefined;
    if (since && until && since >= until)
      throw new ProblemException({
        status: 400,
        code: 'BAD_DATE_RANGE',
        detail: `since (${query.since}) must be before until (${query.until})`,
      });
    if (query.after !== undefined && until === undefined)
      throw new ProblemException({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'after (the last game of the previous page) goes with until (its updatedAt)',
        errors: [{ property: 'after', messages: ['after needs until'] }],
      });
    const games = await this.exports.select({
      scenario: query.scenario,
      rulesSystem: query.rulesSystem,
      result: query.result,
      since,
      until,
      after: query.after,
      player: query.player,
      limit: query.limit ?? 20,
    });
    const res = nodeResponse(reply);
    res.statusCode = 200;
    res.setHeader('Content-Type', `${NDJSON}; charset=utf-8`);
    res.setHeader('X-Muster-Export-Count', String(games.length));
    for (const g of games) {
      let line: unknown;
      try {
        line = await this.exports.line(g.id, g.players);
      } catch (err) {
        // Deleted since it was selected: left out. Anything else ends the stream (its status is sent).
        if (err instanceof ProblemException && err.getStatus() === 404) continue;
        res.destroy(err as Error);
        return;
      }
      if (!res.write(`${JSON.stringify(line)}\n`))
        await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  }

  /** The game as the reader sees it: a seat token gives its side's view, none the public one. */
  @Get(':id')
  async get(
    @Param('id') id: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<GameViewDto> {
    return this.games.view(id, await this.games.readerSide(id, authorization));
  }

  /**
   * The replay as one JSON document, or with `Accept: application/x-ndjson`
   * a first line `{"header": …}` (the replay without its entries; the main
   * fields also travel in X-Muster-* response headers), then the entries
   * streamed one per line.
   */
  @Get(':id/replay')
  async replay(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // A seat token is optional: with one, the reader sees his own side's sealed choices (17.62).
    const reader = await this.games.readerSide(id, req.headers.authorization);
    const wanted = accepts(req.raw).type(['application/json', NDJSON]);
    if (wanted !== NDJSON) {
      void reply.status(200).send(await this.games.replay(id, reader));
      return;
    }
    const { header, sealing } = await this.games.replayStart(id, reader);
    const res = nodeResponse(reply);
    res.statusCode = 200;
    res.setHeader('Content-Type', `${NDJSON}; charset=utf-8`);
    res.setHeader('X-Muster-Scenario', header.scenario);
    res.setHeader('X-Muster-Rules-Version', header.rulesVersion);
    res.setHeader('X-Muster-Engine-Revision', String(header.engineRevision));
    if (header.scenarioHash) res.setHeader('X-Muster-Scenario-Hash', header.scenarioHash);
    res.setHeader('X-Muster-Hash-Scheme', header.hashScheme);
    res.setHeader('X-Muster-Seed-Commitment', header.seedCommitment);
    if (header.seed) res.setHeader('X-Muster-Seed', header.seed);
    if (header.secret) res.setHeader('X-Muster-Secret', header.secret);
    // The first line is the header, so that a saved file is self-describing and verifiable alone.
    res.write(`${JSON.stringify({ header })}\n`);
    let after = 0;
    for (;;) {
      const batch = await this.games.entriesAfter(id, after, BATCH);
      for (const entry of batch) {
        if (!res.write(`${JSON.stringify(toReplayEntry(entry, sealing))}\n`)) {
          await new Promise((resolve) => res.once('drain', resolve));
        }
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].seq;
    }
    res.end();
  }

  /** The game as text (docs/notation.md), as this reader may read it. */
  @Get(':id/export.txt')
  async exportText(
    @Param('id') id: string,
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const text = await this.games.exportText(id, await this.games.readerSide(id, authorization));
    void reply.status(200).type('text/plain; charset=utf-8').send(text);
  }

  /** Victory points after every entry; points and Strength Points lost per Game-Turn. */
  @Get(':id/series')
  async series(
    @Param('id') id: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<GameSeriesDto> {
    return this.games.series(id, await this.games.readerSide(id, authorization));
  }

  /**
   * The orders `side` could have given after entry `seq`, for analysers: anyone
   * once the game is over, that side's seat while it is under way.
   */
  @Get(':id/states/:seq/legal-orders')
  async legalOrdersAt(
    @Param('id') id: string,
    @Param('seq') seq: string,
    @Query() query: LegalOrdersAtQuery,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<LegalOrdersAtDto> {
    const at = entryNumber(seq);
    return this.past.legalOrdersAt(
      id,
      at,
      query.side,
      await this.games.readerSide(id, authorization),
      {
        offset: query.offset ?? 0,
        limit: query.limit ?? 500,
      },
    );
  }

  @Get(':id/states/:seq')
  async stateAt(
    @Param('id') id: string,
    @Param('seq') seq: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<StateAtDto> {
    return this.games.stateAt(id, entryNumber(seq), await this.games.readerSide(id, authorization));
  }

  /** The picture of the position after entry `seq`, as this reader may see it. */
  @Get(':id/states/:seq/board.svg')
  async boardAt(
    @Param('id') id: string,
    @Param('seq') seq: string,
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const at = entryNumber(seq);
    const svg = await this.games.boardSvg(id, at, await this.games.readerSide(id, authorization));
    void reply.status(200).type('image/svg+xml; charset=utf-8').send(svg);
  }

  /** The picture of the current position. */
  @Get(':id/board.svg')
  async board(
    @Param('id') id: string,
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const reader = await this.games.readerSide(id, authorization);
    const svg = await this.games.boardSvg(id, undefined, reader);
    void reply.status(200).type('image/svg+xml; charset=utf-8').send(svg);
  }

  /**
   * Server-Sent Events: one `entry` event per accepted order, id = seq. A
   * client reconnecting with Last-Event-ID (or ?after=seq) first receives the
   * entries it missed; entries whose live updates were lost are read from the log.
   */
  @Sse(':id/events')
  async events(
    @Param('id') id: string,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Query('after') afterQuery: string | undefined,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<Observable<MessageEvent>> {
    const raw = lastEventId ?? afterQuery;
    const after = raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
    // A seat token is optional: with one, the stream shows what that seat may see; without, the public.
    const reader = await this.games.readerSide(id, authorization); // 401/404 before streaming
    const source = await this.games.updatesSource(id, after, reader);
    // Each entry once, in order, gaps filled from the log (followUpdates); between them a
    // heartbeat comment (ignored by EventSource) keeps proxies with an idle timeout
    // (often 60 s) from cutting a quiet stream.
    return new Observable<MessageEvent>((subscriber) => {
      const heartbeat = setInterval(
        () => subscriber.next({ comment: 'heartbeat' }),
        sseHeartbeat.ms,
      );
      heartbeat.unref();
      const stop = followUpdates(this.bus, id, source, {
        next: (u) => subscriber.next({ id: String(u.seq), type: 'entry', data: u }),
        error: (e) => subscriber.error(e),
      });
      return () => {
        clearInterval(heartbeat);
        stop();
      };
    });
  }
}
