/**
 * The engine revision: a number the project bumps whenever a change to the
 * engine can alter the outcome of a game (its legal orders, events or
 * states). Every game records the revision it was created under
 * (state.rules.revision) and keeps it to the end; a replay carries it, and
 * verification re-runs the log under it. A change that alters outcomes keeps
 * the old behaviour for games of earlier revisions behind `atRevision`, so a
 * game in progress finishes under the rules it started with and every
 * finished game still verifies.
 *
 * Revisions:
 * 1. Everything before revisions were recorded (no `revision` in the state).
 *    The rules walked keyed objects of the state in the key order they were
 *    given; the service handed them states read back from PostgreSQL's jsonb,
 *    so verification re-runs such games in that key order (canonical.ts).
 * 2. Every keyed object of a state is put in canonical order at the engine's
 *    entry points (canonical.ts): results depend only on content.
 *    Issue 21's rules-fidelity fixes (8edbdc6) were already on main when revision 2 was
 *    introduced (b7fcbec), so every revision-2 game was played with them; they are
 *    revision-2 behaviour, kept from revision 1 games behind `atRevision(state,
 *    SPECIFIC_OVER_GENERAL)`:
 *    - 8.74/O7.74: a unit retreated into a Friendly hex no longer keeps that hex from being
 *      attacked; it adds nothing to the defence and suffers the result (blue-grey/attack.ts
 *      alreadyDefended, classic/attack.ts attackableHex).
 *    - 8.74/O7.74: only a retreat into a Friendly hex lists the unit as retreated (counting 0);
 *      into an empty hex, a displaced unit's included, it no longer is (doRetreat in
 *      blue-grey/decisions.ts and classic/resolution.ts).
 *    - 8.74 with 8.14, O7.74 with O7.14: a retreated unit attacked in its new hex leaves that
 *      list (resolve in blue-grey/decisions.ts and classic/resolution.ts).
 *    - 12.41b with 12.17: a Disordered unit Rallying in a town rolls its die (blue-grey/rally.ts).
 * 3. No rule change from revision 2. It was bumped for the issue-21 fixes above in the belief
 *    that revision-2 games lacked them; they did not, so revision 2 has them too. Kept so that
 *    games created under revision 3 stay playable and verifiable.
 * 4. Keyed dice (issue 16): roll n is derived from HMAC-SHA256(key = seed, message = n)
 *    (dice.ts keyedRoll), so any single roll can be checked from the revealed seed and the
 *    stream cannot be predicted without it. Revisions 1 to 3 keep the sfc32 stream
 *    (dice.ts gameDice). No rule change.
 * 5. Movement Points as numbers (issue 19): a `moved` / `strategic-moved` event also carries
 *    `points` — MP spent, remaining and the allowance as numbers (to 3 places) and in exact
 *    integer thirds (blue-grey/movement.ts movementPoints); `mp` stays the printed figure
 *    ("4 2/3"). Earlier revisions' events keep `mp` alone, so their replays still re-derive.
 *    No rule change.
 */
export const ENGINE_REVISION = 5;

/** The first revision whose move events carry `points` (MP as numbers, remaining beside them). */
export const MP_AS_NUMBERS = 5;

/** The first revision whose dice are the keyed HMAC-SHA256 stream (dice.ts keyedRoll). */
export const KEYED_DICE = 4;

/**
 * The first revision where 8.74 / O7.74 and 12.41b with 12.17 are read as the text says (issue 21):
 * 2, the first revision recorded after the fixes landed (their commit is an ancestor of the one that
 * introduced revisions), so revision-2 games played with them and must re-run with them.
 */
export const SPECIFIC_OVER_GENERAL = 2;

/** The first revision whose states are canonicalised at the engine's entry points. */
export const CANONICAL_KEY_ORDER = 2;

/** The revision a state was created under: 1 for states from before revisions were recorded. */
export function revisionOf(state: { rules: { revision?: number } }): number {
  return state.rules.revision ?? 1;
}

/** Whether a game runs under revision `n` or a later one. */
export function atRevision(state: { rules: { revision?: number } }, n: number): boolean {
  return revisionOf(state) >= n;
}

/** Whether this engine can play and re-run games of revision `n`. */
export function knownRevision(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 1 && (n as number) <= ENGINE_REVISION;
}
