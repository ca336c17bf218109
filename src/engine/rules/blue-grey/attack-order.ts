/**
 * What both editions' attack orders share: the shape check of an untrusted
 * order (revised 8.0, 9.1, 8.9; 1975 O7.0, O8.1, O7.9): lists of attacking
 * and bombarding unit ids, a non-empty list of defending hexes and an
 * optional odds column to reduce to; and the listing of candidate attacks,
 * each once. What differs is given by the edition: the cases cited, how its
 * odds table reads a column, which attacks it accepts.
 */
import type { HexId, Refusal } from '../../types';
import { refusal } from './refusals';

export interface ParsedAttack<Column> {
  type: 'attack';
  attackers: string[];
  defenders: HexId[];
  bombard?: string[];
  reduceOddsTo?: Column;
}

export interface AttackOrderReading<Column> {
  /** Cases cited for a bad attackers or defenders list, a bad bombard list, a bad odds column. */
  cases: { attack: string; bombard: string; reduceOddsTo: string };
  /** The column `reduceOddsTo` names in this edition's table, undefined if it names none. */
  column: (label: unknown) => Column | undefined;
  /** An example of a column label in this edition ("3:1", "3-1"). */
  example: string;
  /** How the table is called in the refusal ("an odds column", "a column of the 1975 table"). */
  table: string;
}

const isStringList = (x: unknown): x is string[] =>
  Array.isArray(x) && x.every((s) => typeof s === 'string');

export function parseAttackOrder<Column>(
  order: Record<string, unknown>,
  reading: AttackOrderReading<Column>,
): ParsedAttack<Column> | Refusal {
  const { attackers, defenders, bombard, reduceOddsTo } = order;
  const { cases } = reading;
  if (!isStringList(attackers))
    return refusal('BAD_ORDER', cases.attack, 'attack.attackers must be a list of unit ids');
  if (!isStringList(defenders) || defenders.length === 0)
    return refusal('BAD_ORDER', cases.attack, 'attack.defenders must be a non-empty list of hexes');
  if (bombard !== undefined && !isStringList(bombard))
    return refusal('BAD_ORDER', cases.bombard, 'attack.bombard must be a list of unit ids');
  const cap = reduceOddsTo === undefined ? undefined : reading.column(reduceOddsTo);
  if (reduceOddsTo !== undefined && cap === undefined)
    return refusal(
      'BAD_ORDER',
      cases.reduceOddsTo,
      `attack.reduceOddsTo must name ${reading.table} such as "${reading.example}"`,
    );
  const out: ParsedAttack<Column> = { type: 'attack', attackers, defenders };
  if (bombard !== undefined) out.bombard = bombard;
  if (cap !== undefined) out.reduceOddsTo = cap;
  return out;
}

/**
 * The attacks a listing offers, each once (the same attackers, bombarding
 * units and defending hexes in any order are one attack), keeping those the
 * edition's `accepts` lets through: one generator for listing and checking.
 */
export function attackList<A extends ParsedAttack<unknown>>(
  accepts: (a: A) => boolean,
): { out: A[]; push: (a: A) => void } {
  const out: A[] = [];
  const seen = new Set<string>();
  const push = (a: A) => {
    const key = JSON.stringify([
      [...a.attackers].sort(),
      [...(a.bombard ?? [])].sort(),
      [...a.defenders].sort(),
    ]);
    if (seen.has(key)) return;
    seen.add(key);
    if (accepts(a)) out.push(a);
  };
  return { out, push };
}
