import { ProblemException } from '../common/errors/problem';
import { NotationError, parseGameText } from '../engine/notation';
import type { GameOptions } from '../engine/state';
import type { ImportGameDto } from './dto/import-game.dto';
import type { ImportInput } from './games.service';

const badSource = (detail: string) =>
  new ProblemException({ status: 422, code: 'BAD_NOTATION', detail });

/**
 * What POST /v1/games/import re-creates, read from a game's text
 * (docs/notation.md: headers Scenario, Options, Seed, Secret, EngineRevision,
 * FinalStateHash, ForkedFrom; one order per line) or from a JSON replay. 422 BAD_NOTATION
 * naming the line of text that is not notation.
 */
export function importSource(body: ImportGameDto): ImportInput {
  if (body.replay) {
    const r = body.replay;
    return {
      scenario: r.scenario,
      options: (r.options ?? {}) as GameOptions,
      seed: r.seed ?? null,
      ...(r.engineRevision !== undefined ? { engineRevision: r.engineRevision } : {}),
      secret: r.secret ?? null,
      ...(r.seedCommitment ? { seedCommitment: r.seedCommitment } : {}),
      entries: r.entries.map((e) => ({
        seq: e.seq,
        side: e.side,
        order: e.order,
        stateHash: e.stateHash,
      })),
    };
  }
  let read;
  try {
    read = parseGameText(body.text ?? '');
  } catch (e) {
    if (e instanceof NotationError) throw badSource(e.message);
    throw e;
  }
  const { headers, entries } = read;
  if (!headers.Scenario) throw badSource('the text has no [Scenario "…"] header');
  let options: unknown = {};
  if (headers.Options !== undefined) {
    try {
      options = JSON.parse(headers.Options);
    } catch {
      throw badSource('the [Options "…"] header is not a JSON object');
    }
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw badSource('the [Options "…"] header is not a JSON object');
  for (const e of entries)
    if (e.order.type === 'sealed')
      throw new ProblemException({
        status: 422,
        code: 'SEALED_ORDERS',
        detail: `Entry ${e.seq} is a sealed choice the text does not show; export the game once it is over.`,
      });
  return {
    scenario: headers.Scenario,
    options: options as GameOptions,
    seed: headers.Seed ?? null,
    ...(headers.EngineRevision ? { engineRevision: Number(headers.EngineRevision) } : {}),
    secret: headers.Secret ?? null,
    ...(headers.SeedCommitment ? { seedCommitment: headers.SeedCommitment } : {}),
    entries,
    ...(headers.FinalStateHash ? { finalStateHash: headers.FinalStateHash } : {}),
    ...(headers.ForkedFrom ? { forkedFrom: headers.ForkedFrom } : {}),
  };
}
