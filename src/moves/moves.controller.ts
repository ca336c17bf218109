import {
  Body,
  Controller,
  Get,
  Headers,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemException } from '../common/errors/problem';
import { timingOf } from '../common/server-timing';
import { SeatTokenCheckedByHandler, SeatTokenGuard } from '../games/seat-token.guard';
import { createValidationPipe } from '../common/validation';
import { GamesService } from '../games/games.service';
import { bearerToken } from '../games/seat-tokens';
import { LegalOrdersQuery } from './dto/legal-orders.query';
import { checkSubmitOrder } from './dto/submit-order.dto';
import { MovesService } from './moves.service';
import { LISTING_FORMATS, type ListingFormat } from './compact-listing';

/** Longest accepted Idempotency-Key. */
const MAX_KEY = 200;

/** Whether the client takes a gzip body (Accept-Encoding names gzip without q=0). */
function acceptsGzip(req: FastifyRequest): boolean {
  const accept = req.headers['accept-encoding'];
  if (typeof accept !== 'string') return false;
  return accept
    .split(',')
    .some((part) => /^\s*(gzip|\*)\s*(;\s*q\s*=\s*(1(\.0*)?|0?\.\d*[1-9]\d*))?\s*$/i.test(part));
}

/**
 * Whether a Prefer header (RFC 7240: comma-separated preferences, each with optional
 * `;` parameters, names case-insensitive) asks for `return=minimal`.
 */
export function prefersMinimal(prefer: string | undefined): boolean {
  if (typeof prefer !== 'string') return false;
  return prefer.split(',').some((preference) => {
    const [name, value] = preference.split(';')[0].split('=');
    return (
      name.trim().toLowerCase() === 'return' &&
      (value ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase() === 'minimal'
    );
  });
}

/** A 400 like the validation pipe's, for one query parameter. */
function badQuery(property: string, message: string): ProblemException {
  return new ProblemException({
    status: 400,
    code: 'VALIDATION_FAILED',
    title: 'Validation failed',
    detail: `${message}.`,
    errors: [{ property, messages: [message] }],
  });
}

/**
 * POST orders' `include` and `format` query parameters: the format of the ordering seat's
 * next listing the answer is to carry (`include=legal-orders`, in `format` — full, the
 * default, or compact, as GET legal-orders takes it), or undefined for none. Anything
 * else (another value, a parameter twice, `format` without `include`) is a 400 like the
 * validation pipe's.
 */
export function includedListing(
  query: Record<string, unknown> | undefined,
): ListingFormat | undefined {
  const include = query?.include;
  const format = query?.format;
  if (include !== undefined && include !== 'legal-orders')
    throw badQuery('include', 'include must be legal-orders (given once)');
  if (format !== undefined && !LISTING_FORMATS.includes(format as ListingFormat))
    throw badQuery('format', `format must be one of ${LISTING_FORMATS.join(', ')} (given once)`);
  if (include === undefined) {
    if (format !== undefined)
      throw badQuery('format', 'format is the format of include=legal-orders: give both');
    return undefined;
  }
  return (format as ListingFormat | undefined) ?? 'full';
}

/** The global pipe's checks, run by hand where the handler must check the seat token first. */
const queryPipe = createValidationPipe();

@Controller('v1/games/:id')
@UseGuards(SeatTokenGuard)
export class MovesController {
  constructor(
    private readonly moves: MovesService,
    private readonly games: GamesService,
  ) {}

  /**
   * The listing is serialised once per position, seat and first page (MovesService),
   * compressed once when a client first accepts gzip, and sent compressed to those that do.
   */
  @Get('legal-orders')
  @SeatTokenCheckedByHandler()
  async legalOrders(
    @Param('id') id: string,
    @Headers('authorization') authorization: string | undefined,
    @Query() raw: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // The seat token is checked against the seats' hashes read with the game row
    // (MovesService.listing); a bad query is answered 401 before 400 all the same.
    let query: LegalOrdersQuery;
    try {
      // No parameters (a UI's every listing): nothing for the pipe's copy and checks to do.
      query =
        Object.keys(raw).length === 0
          ? {}
          : ((await queryPipe.transform(raw, {
              type: 'query',
              metatype: LegalOrdersQuery,
            })) as LegalOrdersQuery);
    } catch (e) {
      await this.games.seatSide(id, authorization);
      throw e;
    }
    const token = bearerToken(authorization) ?? '';
    const body = await this.moves.legalOrdersBody(id, { token }, query);
    void reply
      .code(200)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Vary', 'Accept-Encoding');
    const gzip = acceptsGzip(req) ? body.gzip() : null;
    if (gzip) void reply.header('Content-Encoding', 'gzip').send(gzip);
    else void reply.send(body.json);
  }

  /**
   * 200 {version, events, game}; 401 bad token, 403 not this seat's turn,
   * 409 stale expectedVersion, 422 refused by the rules. With Idempotency-Key,
   * a retry gets the stored first answer (header Idempotent-Replayed: true).
   * The body is checked by hand (checkSubmitOrder, the same 400 as the
   * validation pipe) rather than copied through class-transformer: the order
   * path is the hottest one (issue 20). Server-Timing says where its time went.
   * The answer is sent as the JSON text made here. `Prefer: return=minimal` makes
   * the answer's game the view's header alone (Preference-Applied says so), except
   * with an Idempotency-Key, whose stored answer is always the whole one.
   * `?include=legal-orders` adds `legalOrders`, the ordering seat's listing of the new
   * position when it must act in it (MovesService.listingAfter), in `format` (full or
   * compact); such an answer is compressed when the client takes gzip, as GET
   * legal-orders is.
   */
  @Post('orders')
  @SeatTokenCheckedByHandler()
  async submit(
    @Param('id') id: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() raw: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Headers('prefer') prefer: string | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // The seat token is checked under the game row's lock (MovesService.submit): a bad
    // request is answered 401 before 400 all the same, by the full check on that rare path.
    const bad = (problem: unknown) =>
      this.games.seatSide(id, authorization).then(() => Promise.reject(problem));
    let body: ReturnType<typeof checkSubmitOrder>;
    let includeLegalOrders: ListingFormat | undefined;
    try {
      body = checkSubmitOrder(raw);
      includeLegalOrders = includedListing(req.query as Record<string, unknown> | undefined);
    } catch (e) {
      return bad(e);
    }
    if (
      idempotencyKey !== undefined &&
      (idempotencyKey.length === 0 || idempotencyKey.length > MAX_KEY)
    ) {
      return bad(
        new ProblemException({
          status: 400,
          code: 'BAD_IDEMPOTENCY_KEY',
          detail: `An Idempotency-Key is 1 to ${MAX_KEY} characters long.`,
        }),
      );
    }
    const timing = timingOf(req.raw);
    timing.lap('framework');
    const answer = await this.moves.submit({
      gameId: id,
      token: bearerToken(authorization),
      expectedVersion: body.expectedVersion,
      order: body.order,
      idempotencyKey,
      timing,
      minimal: prefersMinimal(prefer),
      includeLegalOrders,
    });
    const json = JSON.stringify(answer.body);
    if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
    if (answer.minimal) void reply.header('Preference-Applied', 'return=minimal');
    void reply
      .code(answer.statusCode)
      .header('Server-Timing', timing.header())
      .header('Content-Type', 'application/json; charset=utf-8');
    if (!answer.legalOrders) return void reply.send(json);
    // The listing's serialised page spliced in as the answer's last member, not serialised again.
    const whole = Buffer.concat([
      Buffer.from(`${json.slice(0, -1)},"legalOrders":`),
      answer.legalOrders.json,
      Buffer.from('}'),
    ]);
    void reply.header('Vary', 'Accept-Encoding');
    if (acceptsGzip(req))
      void reply
        .header('Content-Encoding', 'gzip')
        .send(gzipSync(whole, { level: zlib.Z_BEST_SPEED }));
    else void reply.send(whole);
  }
}
