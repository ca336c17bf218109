import { Inject, Injectable } from '@nestjs/common';
import { ProblemException } from '../common/errors/problem';
import { createValidationPipe } from '../common/validation';
import type { RulesRegistry } from '../engine/rules';
import { counterBoundProblems } from '../engine/scenario/bounds';
import type { GameOptions } from '../engine/state';
import { RULES_REGISTRY } from '../scenarios/rules-registry';
import { ScenariosService } from '../scenarios/scenarios.service';
import { EnginePool } from '../workers/engine-pool.service';
import { VerifyReplayDto } from './dto/verify-replay.dto';
import { invalidCounters, unitCount } from './game-contexts.service';
import { unknownScenario } from './game-problems';
import type { ReplayDocument, ReplayVerification } from './verify-replay';

/**
 * Dice fairness: anyone can re-run a finished game's replay from its revealed
 * seed (POST /v1/replays/verify and the GraphQL verifyReplay mutation).
 * Re-running every order is heavy CPU work: it runs on the engine worker
 * pool, and its context is prepared there too, so no client can make this
 * instance hold contexts (one per set of counters).
 */
@Injectable()
export class ReplayVerifier {
  constructor(
    private readonly scenarios: ScenariosService,
    private readonly pool: EnginePool,
    @Inject(RULES_REGISTRY) private readonly rules: RulesRegistry,
  ) {}

  /** An untrusted replay (GraphQL's JSON) checked exactly as the REST body is (400 VALIDATION_FAILED, every problem). */
  async checked(replay: unknown): Promise<VerifyReplayDto> {
    if (typeof replay !== 'object' || replay === null || Array.isArray(replay))
      throw new ProblemException({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'A replay is an object, as GET /v1/games/{id}/replay returns it.',
      });
    return (await createValidationPipe().transform(replay, {
      type: 'body',
      metatype: VerifyReplayDto,
    })) as VerifyReplayDto;
  }

  /** The verification (ok or the first differing entry); 422 when the replay cannot be re-run at all. */
  async verify(body: VerifyReplayDto): Promise<ReplayVerification> {
    const docs = await this.scenarios.find(body.scenario);
    if (!docs) throw unknownScenario(body.scenario);
    const options = body.options as GameOptions | undefined;
    if (options?.counters !== undefined) {
      const over = counterBoundProblems(options.counters, unitCount(docs.scenario));
      if (over.length > 0) throw invalidCounters(body.scenario, over);
    }
    const result = await this.pool.run(
      {
        kind: 'verify-replay',
        docs: { scenario: docs.scenario, ...(docs.map ? { map: docs.map } : {}) },
        // The replay's options: a game with supplied counters re-runs on the same merged scenario.
        ...(options !== undefined ? { options } : {}),
        // Entry events are compared as plain data: their shape needs no checking here.
        replay: body as unknown as ReplayDocument,
      },
      this.rules,
    );
    if (result.ok) return result.value as ReplayVerification;
    if (result.refused === 'invalid-counters') throw invalidCounters(body.scenario, result.errors);
    if (result.refused === 'unverifiable') {
      throw new ProblemException({ status: 422, code: result.code, detail: result.message });
    }
    if (result.refused === 'not-supported') {
      throw new ProblemException({
        status: 422,
        code: result.code,
        ...(result.rule !== undefined ? { rule: result.rule } : {}),
        detail: `Scenario "${body.scenario}" cannot be played: ${result.message}`,
      });
    }
    throw new ProblemException({
      status: 422,
      code: 'SCENARIO_NOT_PLAYABLE',
      detail: `Scenario "${body.scenario}" cannot be prepared for play: ${result.message}`,
    });
  }
}
