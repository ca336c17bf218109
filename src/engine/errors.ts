import type { DocumentError } from './scenario/validate';

/**
 * Thrown when a game is asked for that the engine cannot play yet: a rules
 * system or version it lacks, a scenario's special rule, set-up or victory
 * rule not implemented. Only game creation throws it (applyOrder refuses
 * instead); callers read `rule` rather than parsing the message.
 */
export class NotYetSupportedError extends Error {
  readonly code = 'NOT_YET_SUPPORTED';

  constructor(
    /** The case(s) or part of the game concerned ("17.1", "rules", "victory"). */
    readonly rule: string,
    detail: string,
  ) {
    super(`NOT_YET_SUPPORTED (${rule}): ${detail}`);
    this.name = 'NotYetSupportedError';
  }
}

/**
 * Thrown by newGame when a side of a scenario whose order of battle the
 * players supply (ScenarioDocument.counters) would have no unit at all, set
 * up or arriving: the game cannot be played until its units are supplied in
 * options.counters. `rule` is the case that sends the players to the counters.
 */
export class CountersRequiredError extends Error {
  readonly code = 'COUNTERS_REQUIRED';

  constructor(
    /** The case that sends the players to the counters or map sheet ("16.1"). */
    readonly rule: string,
    /** The side without a unit. */
    readonly side: 'union' | 'confederate',
    detail: string,
  ) {
    super(`COUNTERS_REQUIRED (${rule}): ${detail}`);
    this.name = 'CountersRequiredError';
  }
}

/**
 * Thrown when a game's options.counters cannot be merged into its scenario
 * (gameScenario in src/engine/scenario/counters.ts): every problem found,
 * each with its path.
 */
export class InvalidCountersError extends Error {
  readonly code = 'INVALID_COUNTERS';

  constructor(
    readonly scenarioId: string,
    readonly errors: DocumentError[],
  ) {
    super(
      `INVALID_COUNTERS: the counters supplied for "${scenarioId}" have ${errors.length} problem${errors.length === 1 ? '' : 's'}: ${errors
        .slice(0, 3)
        .map((e) => `${e.path}: ${e.message}`)
        .join('; ')}${errors.length > 3 ? '; …' : ''}`,
    );
    this.name = 'InvalidCountersError';
  }
}
