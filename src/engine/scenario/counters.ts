/**
 * The order of battle the players supply. Where the rules text does not print
 * a battle's units (printed on the map sheet or the counter backs, strengths
 * left blank), the scenario says so in its `counters` block: the case that
 * sends the players to their counters, whose units they may supply, and the
 * units the text names without their values. A game's options.counters hold
 * those units in the scenario's own shapes ({units, placements?,
 * reinforcements?}); before the game is prepared they are merged into the
 * scenario (supplyCounters) and the result is checked and played like any
 * other scenario. Nothing here invents a unit: what is not supplied is not
 * in the game.
 *
 * Merging, in order (so that a replay re-runs identically):
 *   - units: the scenario's, then the supplied ones in the order given. A
 *     supplied unit whose id is a `named` one fills it in (its side must be
 *     the named one's, its type too where the text gives it); any other needs
 *     a fresh id and a side in counters.sides.
 *   - set-up placements: the scenario's, then a named unit's hex (unless the
 *     players place or schedule it themselves), then the supplied placements.
 *   - reinforcements: the scenario's, then a named unit's turn and entry
 *     (or its hex inside the map), then the supplied reinforcements.
 * Supplied units neither placed nor arriving are placed by their side in the
 * free set-up phase, in its areas without a unit list (setup-phase.ts).
 *
 * Pure: no input is mutated.
 */
import { parseLabel } from '../hex';
import { CountersRequiredError, InvalidCountersError, NotYetSupportedError } from '../errors';
import type { GameOptions } from '../state';
import type {
  MapDocument,
  NamedCounter,
  Placement,
  ReinforcementSpec,
  ScenarioDocument,
  Side,
  SuppliedCounters,
  UnitSpec,
  UnitType,
} from '../types';
import { SIDES } from '../types';
import { validateScenario, type DocumentError } from './validate';

/** Every unit type (a Record, so a type added to UnitType must be listed here). */
const UNIT_TYPES: Record<UnitType, true> = {
  infantry: true,
  cavalry: true,
  artillery: true,
  'horse-artillery': true,
  gunboat: true,
  train: true,
  'siege-train': true,
  leader: true,
};

const UNIT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const UNIT_FIELDS = new Set([
  'id',
  'side',
  'designation',
  'type',
  'strength',
  'reducedStrength',
  'movement',
  'size',
  'flags',
  'stars',
  'command',
  'notes',
]);
const REINFORCEMENT_FIELDS = new Set([
  'side',
  'turn',
  'entry',
  'units',
  'condition',
  'case',
  'arrival',
]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown, min: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min;
const isLabel = (v: unknown): v is string => typeof v === 'string' && parseLabel(v) !== null;

/**
 * Every problem of `counters` (a game's options.counters, untrusted) for
 * `scenario`: its shape, and what it means against the scenario's counters
 * block — an unknown side, an id the scenario already uses, a supplied unit
 * of a side the players do not supply, a named unit of the wrong side or
 * type, a placement or reinforcement of a unit not supplied, a unit placed or
 * scheduled twice. Paths are inside options.counters (document 'counters').
 * What the merged scenario then breaks (hexes off the map, stacking at
 * set-up, terrain...) is validateScenario's (see countersErrors).
 */
export function checkCounters(scenario: ScenarioDocument, counters: unknown): DocumentError[] {
  const out: DocumentError[] = [];
  const fail = (path: string, message: string) => out.push({ document: 'counters', path, message });
  const block = scenario.counters;
  if (!block) {
    const why = scenario.missing?.length
      ? `what it lacks (${scenario.missing.map((m) => m.case).join(', ')}) is not something its players can supply`
      : 'its order of battle is printed';
    fail('(counters)', `scenario "${scenario.id}" takes no counters (${why})`);
    return out;
  }
  if (!isObject(counters)) {
    fail('(counters)', 'must be an object {units, placements?, reinforcements?}');
    return out;
  }
  for (const key of Object.keys(counters)) {
    // `note`: free text the supplier keeps with the counters (the sample counters say
    // they are test data in it); no rule reads it.
    if (key === 'note') {
      if (typeof counters.note !== 'string') fail('note', 'must be a string');
    } else if (!['units', 'placements', 'reinforcements'].includes(key))
      fail(key, 'is not a known field here (units, placements, reinforcements, note)');
  }
  if (!Array.isArray(counters.units)) {
    fail('units', counters.units === undefined ? 'is required' : 'must be an array');
    return out;
  }
  const named = new Map(block.named.map((n) => [n.id, n]));
  const printed = new Set(scenario.units.map((u) => u.id));
  const sides = block.sides.join(' and ');

  // --- units
  const supplied = new Map<string, UnitSpec>();
  const suppliedAt = new Map<string, number>();
  counters.units.forEach((u: unknown, i) => {
    const at = `units[${i}]`;
    if (!isObject(u)) return fail(at, 'must be an object (a unit, as in scenario.json units)');
    const before = out.length;
    checkUnitShape(u, at, fail);
    if (out.length > before) return;
    const unit = u as unknown as UnitSpec;
    if (printed.has(unit.id)) {
      return fail(
        `${at}.id`,
        `unit id "${unit.id}" is already a unit of the scenario's printed order of battle; give a supplied unit a fresh id`,
      );
    }
    if (supplied.has(unit.id))
      return fail(`${at}.id`, `unit id "${unit.id}" is supplied twice; ids must be unique`);
    const n = named.get(unit.id);
    if (n) {
      if (unit.side !== n.side)
        fail(`${at}.side`, `"${unit.id}" is ${n.designation}, a ${n.side} unit (${block.case})`);
      if (n.type && unit.type !== n.type)
        fail(
          `${at}.type`,
          `"${unit.id}" is ${n.designation}, which the text makes ${n.type} (${block.case}), not ${unit.type}`,
        );
    } else if (!block.sides.includes(unit.side)) {
      fail(
        `${at}.side`,
        `the players supply only ${sides} units in "${scenario.id}" (${block.case}); the ${unit.side} order of battle is printed`,
      );
    }
    supplied.set(unit.id, unit);
    suppliedAt.set(unit.id, i);
  });

  // --- placements
  const placedAt = new Map<string, string>();
  if (counters.placements !== undefined) {
    if (!Array.isArray(counters.placements)) fail('placements', 'must be an array');
    else
      counters.placements.forEach((p: unknown, i) => {
        const at = `placements[${i}]`;
        if (!isObject(p)) return fail(at, 'must be an object {unit, hex}');
        for (const key of Object.keys(p))
          if (key !== 'unit' && key !== 'hex') fail(`${at}.${key}`, 'is not a known field here');
        if (!isLabel(p.hex))
          fail(`${at}.hex`, `${JSON.stringify(p.hex)} is not a hex label ("CCRR", "F1328")`);
        if (typeof p.unit !== 'string') return fail(`${at}.unit`, 'must be a unit id');
        if (!supplied.has(p.unit))
          return fail(`${at}.unit`, unknownUnit(p.unit, printed, 'placed'));
        const earlier = placedAt.get(p.unit);
        if (earlier) return fail(`${at}.unit`, `unit "${p.unit}" is already placed at ${earlier}`);
        placedAt.set(p.unit, at);
      });
  }

  // --- reinforcements
  const arrivesAt = new Map<string, string>();
  if (counters.reinforcements !== undefined) {
    if (!Array.isArray(counters.reinforcements)) fail('reinforcements', 'must be an array');
    else
      counters.reinforcements.forEach((r: unknown, i) => {
        const at = `reinforcements[${i}]`;
        if (!isObject(r))
          return fail(at, 'must be an object {side, turn, entry, units} (as in scenario.json)');
        for (const key of Object.keys(r))
          if (!REINFORCEMENT_FIELDS.has(key)) fail(`${at}.${key}`, 'is not a known field here');
        if (!SIDES.includes(r.side as Side))
          fail(`${at}.side`, `${JSON.stringify(r.side)} is not "union" or "confederate"`);
        if (!isCount(r.turn, 1)) fail(`${at}.turn`, 'must be a Game-Turn (an integer, 1 or more)');
        else if (r.turn > scenario.turns)
          fail(`${at}.turn`, `turn ${r.turn} is after the last Game-Turn ${scenario.turns}`);
        if (!Array.isArray(r.entry) || r.entry.length === 0)
          fail(`${at}.entry`, 'must list at least one entry hex');
        else
          r.entry.forEach((h: unknown, j) => {
            if (!isLabel(h)) fail(`${at}.entry[${j}]`, `${JSON.stringify(h)} is not a hex label`);
          });
        if (r.arrival !== undefined && r.arrival !== 'map-edge' && r.arrival !== 'on-map')
          fail(`${at}.arrival`, 'must be "map-edge" or "on-map"');
        if (r.case !== undefined && (typeof r.case !== 'string' || r.case === ''))
          fail(`${at}.case`, 'must be a case number ("16.1")');
        if (r.condition !== undefined)
          fail(
            `${at}.condition`,
            'supplied reinforcements arrive on their Game-Turn; conditions are the scenario’s exclusive rules',
          );
        if (!Array.isArray(r.units) || r.units.length === 0)
          return fail(`${at}.units`, 'must list at least one unit');
        r.units.forEach((id: unknown, j) => {
          const uat = `${at}.units[${j}]`;
          if (typeof id !== 'string') return fail(uat, 'must be a unit id');
          const u = supplied.get(id);
          if (!u) return fail(uat, unknownUnit(id, printed, 'brought on'));
          if (SIDES.includes(r.side as Side) && u.side !== r.side)
            fail(uat, `unit "${id}" is ${u.side}, not ${String(r.side)}`);
          const placed = placedAt.get(id);
          if (placed) return fail(uat, `unit "${id}" is already set up at ${placed}`);
          const earlier = arrivesAt.get(id);
          if (earlier) return fail(uat, `unit "${id}" already arrives at ${earlier}`);
          arrivesAt.set(id, uat);
        });
      });
  }

  // --- what the text gives for named units, and units with nowhere to go
  for (const [id, u] of supplied) {
    if (placedAt.has(id) || arrivesAt.has(id)) continue;
    const at = `units[${suppliedAt.get(id)}]`;
    const n = named.get(id);
    if (n && n.turn !== undefined && !n.entry && !n.hex) {
      fail(
        at,
        `the text brings ${n.designation} on Game-Turn ${n.turn} without an entry hex (${block.case}): supply a reinforcement for "${id}"`,
      );
      continue;
    }
    if (n && (n.hex || n.turn !== undefined)) continue;
    if (scenario.setup.kind === 'fixed')
      fail(
        at,
        `the set-up of "${scenario.id}" is fixed: place ${u.side} unit "${id}" (placements) or bring it on (reinforcements)`,
      );
  }
  return out;
}

function unknownUnit(id: string, printed: Set<string>, verb: string): string {
  return printed.has(id)
    ? `unit "${id}" is in the scenario's printed order of battle, which the players do not change; only supplied units are ${verb} here`
    : `unit "${id}" is not among the supplied units`;
}

/** The fields of a supplied unit, as the scenario schema's UnitSpec. */
function checkUnitShape(
  u: Record<string, unknown>,
  at: string,
  fail: (path: string, message: string) => void,
): void {
  for (const key of Object.keys(u))
    if (!UNIT_FIELDS.has(key)) fail(`${at}.${key}`, 'is not a known field of a unit');
  if (typeof u.id !== 'string' || !UNIT_ID.test(u.id))
    fail(`${at}.id`, 'must be an id of letters, digits, ".", "_" or "-" ("u-1-2")');
  if (!SIDES.includes(u.side as Side))
    fail(`${at}.side`, `${JSON.stringify(u.side)} is not "union" or "confederate"`);
  if (typeof u.designation !== 'string' || u.designation === '')
    fail(`${at}.designation`, 'must be the designation on the counter ("2/5")');
  if (typeof u.type !== 'string' || !(u.type in UNIT_TYPES))
    fail(
      `${at}.type`,
      `${JSON.stringify(u.type)} is not one of ${Object.keys(UNIT_TYPES).join(', ')}`,
    );
  if (!isCount(u.strength, 0))
    fail(`${at}.strength`, 'must be the Combat Strength on the counter (an integer, 0 or more)');
  if (u.reducedStrength !== undefined && !isCount(u.reducedStrength, 0))
    fail(`${at}.reducedStrength`, 'must be an integer, 0 or more');
  if (u.movement !== undefined && !isCount(u.movement, 0))
    fail(`${at}.movement`, 'must be an integer, 0 or more');
  if (u.size !== undefined && typeof u.size !== 'string') fail(`${at}.size`, 'must be a string');
  if (u.notes !== undefined && typeof u.notes !== 'string') fail(`${at}.notes`, 'must be a string');
  if (u.stars !== undefined && !isCount(u.stars, 1))
    fail(`${at}.stars`, "must be the leader's stars on the counter (an integer, 1 or more)");
  if (u.command !== undefined && (typeof u.command !== 'string' || u.command === ''))
    fail(`${at}.command`, 'must name the command the leader commands ("II", "A")');
  if (
    u.flags !== undefined &&
    (!Array.isArray(u.flags) || u.flags.some((f) => typeof f !== 'string' || f === ''))
  )
    fail(`${at}.flags`, 'must be a list of flag names');
}

/** A merged scenario and, for each path prefix of it that came from the counters, the path in options.counters. */
interface Merged {
  scenario: ScenarioDocument;
  origin: Array<{ merged: string; counters: string }>;
}

/**
 * The scenario with the players' counters merged in (see the head of this
 * file). Pure. Assumes checkCounters found nothing: run it (or
 * gameScenario, which does) on untrusted counters first.
 */
export function supplyCounters(
  scenario: ScenarioDocument,
  counters: SuppliedCounters,
): ScenarioDocument {
  return merge(scenario, counters).scenario;
}

function merge(scenario: ScenarioDocument, counters: SuppliedCounters): Merged {
  const block = scenario.counters;
  const named = new Map<string, NamedCounter>((block?.named ?? []).map((n) => [n.id, n]));
  const suppliedPlacements = counters.placements ?? [];
  const suppliedReinforcements = counters.reinforcements ?? [];
  const placedByPlayers = new Set(suppliedPlacements.map((p) => p.unit));
  const arrivingByPlayers = new Set(suppliedReinforcements.flatMap((r) => r.units));
  const origin: Merged['origin'] = [];

  const units = [...scenario.units];
  counters.units.forEach((u, i) => {
    origin.push({ merged: `units[${units.length}]`, counters: `units[${i}]` });
    units.push({ ...u });
  });

  const basePlacements = scenario.setup.placements ?? [];
  const placements: Placement[] = [];
  const reinforcements: ReinforcementSpec[] = [];
  const r0 = scenario.reinforcements.length;
  counters.units.forEach((u, i) => {
    const n = named.get(u.id);
    if (!n || placedByPlayers.has(u.id) || arrivingByPlayers.has(u.id)) return;
    if (n.turn !== undefined && (n.entry || n.hex)) {
      origin.push({
        merged: `reinforcements[${r0 + reinforcements.length}]`,
        counters: `units[${i}]`,
      });
      reinforcements.push({
        side: n.side,
        turn: n.turn,
        entry: n.entry ? [...n.entry] : [n.hex!],
        units: [u.id],
        case: block!.case,
        ...(n.entry ? {} : { arrival: 'on-map' as const }),
      });
    } else if (n.hex !== undefined && n.turn === undefined) {
      origin.push({
        merged: `setup.placements[${basePlacements.length + placements.length}]`,
        counters: `units[${i}]`,
      });
      placements.push({ unit: u.id, hex: n.hex });
    }
  });
  suppliedPlacements.forEach((p, i) => {
    origin.push({
      merged: `setup.placements[${basePlacements.length + placements.length}]`,
      counters: `placements[${i}]`,
    });
    placements.push({ unit: p.unit, hex: p.hex });
  });
  suppliedReinforcements.forEach((r, i) => {
    origin.push({
      merged: `reinforcements[${r0 + reinforcements.length}]`,
      counters: `reinforcements[${i}]`,
    });
    reinforcements.push({
      ...r,
      entry: [...r.entry],
      units: [...r.units],
      case: r.case ?? block?.case,
    });
  });

  const setup: ScenarioDocument['setup'] =
    placements.length === 0
      ? scenario.setup
      : { ...scenario.setup, placements: [...basePlacements, ...placements] };
  return {
    scenario: {
      ...scenario,
      units,
      setup,
      reinforcements: [...scenario.reinforcements, ...reinforcements],
    },
    origin,
  };
}

/**
 * Every problem of a game's counters: checkCounters, then — when those pass —
 * validateScenario on the merged scenario against its map. A problem of the
 * merged scenario at a path that came from the counters is reported at the
 * counters' path (document 'counters'); any other at its path in the merged
 * scenario (document 'scenario').
 */
export function countersErrors(
  scenario: ScenarioDocument,
  map: MapDocument,
  counters: unknown,
): DocumentError[] {
  const shape = checkCounters(scenario, counters);
  if (shape.length > 0) return shape;
  const merged = merge(scenario, counters as SuppliedCounters);
  // Longest prefix first, so "units[12]" is not taken for "units[1]".
  const origin = [...merged.origin].sort((a, b) => b.merged.length - a.merged.length);
  // The counters block itself was checked with the scenario; in the merged one
  // its named ids are units now, as they should be.
  const problems = validateScenario(merged.scenario, map).filter(
    (e) => !e.path.startsWith('counters.'),
  );
  return problems.map((e) => {
    const o = origin.find(
      (x) =>
        e.path === x.merged ||
        e.path.startsWith(`${x.merged}.`) ||
        e.path.startsWith(`${x.merged}[`),
    );
    return o
      ? {
          document: 'counters',
          path: o.counters + e.path.slice(o.merged.length),
          message: e.message,
        }
      : e;
  });
}

/**
 * The scenario a game is played on: `scenario` itself, or, when the game's
 * options carry counters, the scenario with them merged in. Throws
 * InvalidCountersError listing every problem (with `map`, the merged
 * scenario is also checked by validateScenario). Every caller that prepares
 * a game's context uses it — the service, replay verification, `npm run
 * verify`, the playouts — so a game and its replay are set up identically:
 *   prepareGame(gameScenario(scenario, options, map), map)
 */
export function gameScenario(
  scenario: ScenarioDocument,
  options: GameOptions | undefined,
  map?: MapDocument,
): ScenarioDocument {
  const counters = options?.counters;
  if (counters === undefined) return scenario;
  const errors = map ? countersErrors(scenario, map, counters) : checkCounters(scenario, counters);
  if (errors.length > 0) throw new InvalidCountersError(scenario.id, errors);
  return supplyCounters(scenario, counters as SuppliedCounters);
}

/**
 * newGame's check that a game has armies: a side with no unit at all, set
 * up or arriving, is refused — COUNTERS_REQUIRED when the players may supply
 * that side's units (counters.sides), NOT_YET_SUPPORTED citing `missing`
 * when the scenario lacks them and they cannot. A scenario with neither
 * block is not concerned (hand-built test scenarios may have one side).
 */
export function requireArmies(scenario: ScenarioDocument): void {
  if (!scenario.counters && !scenario.missing?.length) return;
  for (const side of SIDES) {
    if (scenario.units.some((u) => u.side === side)) continue;
    const block = scenario.counters;
    if (block?.sides.includes(side)) {
      throw new CountersRequiredError(
        block.case,
        side,
        `the ${side} side of "${scenario.id}" has no unit set up or arriving: ${lowerFirst(block.what)} (${block.case}). Supply its units in options.counters ({units, placements?, reinforcements?}, in scenario.json's shapes${
          block.named.some((n) => n.side === side)
            ? `; the text names ${block.named
                .filter((n) => n.side === side)
                .map((n) => `"${n.id}"`)
                .join(', ')}`
            : ''
        })`,
      );
    }
    const missing = scenario.missing ?? [];
    throw new NotYetSupportedError(
      missing.map((m) => m.case).join(', ') || '—',
      `the ${side} side of "${scenario.id}" has no unit, and the players cannot supply it: ${missing.map((m) => `${m.what} (${m.case})`).join('; ')}`,
    );
  }
}

/**
 * A game prepared on a scenario without its counters merged would silently
 * lose them: every supplied unit must be in the context's scenario.
 */
export function assertCountersMerged(
  unitIds: { has(id: string): boolean },
  options: GameOptions,
): void {
  const counters = options.counters as SuppliedCounters | undefined;
  if (!counters || !Array.isArray(counters.units)) return;
  const absent = counters.units.find((u) => !unitIds.has(u.id));
  if (absent)
    throw new Error(
      `options.counters supplies "${absent.id}", which the game's scenario lacks: prepare the game with prepareGame(gameScenario(scenario, options, map), map)`,
    );
}

const lowerFirst = (s: string): string => (s ? s[0].toLowerCase() + s.slice(1) : s);
