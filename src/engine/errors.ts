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
