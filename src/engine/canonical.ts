/**
 * Canonical key order. The rules walk keyed objects of a state (its units,
 * hook state, objectives…) with `for…in` and Object.values, which follow the
 * key order an object happens to have. A state read back from PostgreSQL's
 * jsonb has its keys ordered by length and then bytes, a state built in
 * memory by insertion: the same game could take two paths. From revision 2
 * (revision.ts) the engine's entry points rebuild every keyed object of the
 * state they are given in one canonical order — units in the scenario's unit
 * order, every other object's keys sorted — so legal orders, events and
 * states depend only on the content of their inputs.
 */
import type { GameState } from './state';
import { atRevision, CANONICAL_KEY_ORDER } from './revision';

/** A deep copy of plain JSON data with every object's keys in sorted order. */
export function sortKeysDeep<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => sortKeysDeep(v)) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    out[k] = sortKeysDeep((value as Record<string, unknown>)[k]);
  }
  return out as T;
}

/** Canonical states already built, by the state they were built from (states are never mutated). */
const canonicalOf = new WeakMap<object, GameState>();
const canonicalStates = new WeakSet<object>();

/**
 * Sorted copies already made, deeply frozen. The rules build a state from the
 * one they were given by spreading it, so a unit an order did not touch is the
 * very object of the canonical state before: kept here, it is sorted once, not
 * again at every order, and its canonical JSON text is kept with it
 * (canonicalTextOf). Frozen, so that a rule can never change one in place
 * behind these memos: such a write throws instead (issue 20).
 */
const settledParts = new WeakSet<object>();
const settledTexts = new WeakMap<object, string>();

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/** sortKeysDeep(value), made once per object and frozen (see settledParts). */
function settled<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (settledParts.has(value)) return value;
  const copy = sortKeysDeep(value);
  deepFreeze(copy);
  settledParts.add(copy as object);
  return copy;
}

/** Whether `value` is a settled part of a canonical state: sorted, frozen, never to change. */
export function isSettled(value: object): boolean {
  return settledParts.has(value);
}

/**
 * The canonical JSON text kept for a settled part of a canonical state, made by
 * `make` the first time (state-hash.ts: an order hashes its whole state, but only
 * the parts it changed are serialised again). Any other value: made every time.
 */
export function canonicalTextOf(value: object, make: () => string): string {
  if (!settledParts.has(value)) return make();
  let text = settledTexts.get(value);
  if (text === undefined) {
    text = flattened(make());
    settledTexts.set(value, text);
  }
  return text;
}

/**
 * The same string, flattened. Text built by `+=` is a rope of every piece it was
 * made of; a kept text left so is walked piece by piece again by every hash of
 * every later state that contains it (sha256 over a Shiloh state took ~10× as long
 * on the rope as on flat text: issue 20). Reading a character of a rope makes V8
 * flatten it in place, once.
 */
function flattened(text: string): string {
  if (text.length > 0) text.charCodeAt(0);
  return text;
}

/**
 * The state with every keyed object in canonical order: `units` in the order
 * of `unitOrder` (the scenario's units; any other unit after them, sorted),
 * every other object's keys sorted. States of revision 1 are returned as
 * they are: they were played in the key order they were given (revision.ts).
 * Its units and other members are settled: sorted once and frozen.
 */
export function canonicalState(state: GameState, unitOrder: readonly string[]): GameState {
  if (!atRevision(state, CANONICAL_KEY_ORDER)) return state;
  if (canonicalStates.has(state)) return state;
  const known = canonicalOf.get(state);
  if (known) return known;
  const units: GameState['units'] = {};
  let placed = 0;
  for (const id of unitOrder) {
    const u = state.units[id];
    if (u !== undefined) {
      units[id] = settled(u);
      placed++;
    }
  }
  const ids = Object.keys(state.units);
  // Units beyond the scenario's (rare): after them, sorted.
  if (ids.length !== placed) {
    for (const id of ids.sort()) {
      if (!(id in units)) units[id] = settled(state.units[id]);
    }
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(state).sort()) {
    out[k] = k === 'units' ? units : settled((state as unknown as Record<string, unknown>)[k]);
  }
  const canonical = out as unknown as GameState;
  canonicalOf.set(state, canonical);
  canonicalStates.add(canonical);
  return canonical;
}

/** UTF-8 bytewise comparison of two strings (PostgreSQL compares jsonb keys by their bytes). */
const utf8 = new TextEncoder();
function compareBytes(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/**
 * Plain JSON data as it comes back from a PostgreSQL jsonb column: jsonb keeps
 * object keys ordered by length, then bytewise, and JSON.parse then puts
 * integer-like keys first. Revision-1 games were played on states read back
 * this way at every order, so their replays are re-run through it.
 */
export function databaseKeyOrder<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => databaseKeyOrder(v)) as T;
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || compareBytes(a, b));
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = databaseKeyOrder((value as Record<string, unknown>)[k]);
  return out as T;
}
