/**
 * Victory: points as the game goes and the level of victory, evaluated from a
 * scenario's VictorySpec (types.ts) against the game state. Pure: the same
 * spec and state always give the same standing.
 *
 * The standard rules leave victory to each battle's exclusive rules (Shiloh
 * 18.0–18.3: one VP per enemy Combat Strength Point eliminated, occupation of
 * Pittsburg Landing, 1508, and six levels with competition scores). The spec
 * carries those as data; this file only interprets it:
 *   - points: each `eliminated-strength` rule gives a side `points` VP per
 *     enemy strength point eliminated (state.eliminatedStrength counts each
 *     side's own losses);
 *   - objectives: who occupies each objective hex (state.objectives, kept by
 *     the movement rules as "last to move into or through", 18.31), falling
 *     back to the spec's initial holder for a hex the state does not track;
 *   - levels: checked in the order the scenario lists them; the first whose
 *     condition holds is the result, otherwise `spec.otherwise` (a draw).
 */
import type {
  AutomaticVictory,
  ExitClass,
  HexId,
  Side,
  UnitType,
  VictoryCondition,
  VictoryFact,
  VictoryLevel,
  VictoryLevelName,
  VictorySpec,
} from './types';
import { SIDES, otherSide } from './types';

/** The parts of the game state victory reads (GameState satisfies it). */
export interface VictoryInputs {
  /** Strength points of each side eliminated so far (that side's own losses). */
  eliminatedStrength: Record<Side, number>;
  /**
   * Whether each army is Demoralized now, as the scenario's
   * "army-demoralization" hook decides it (Hooker and Lee 20.1, 20.2).
   * Needed only by specs with a `demoralization` rule (21.3).
   */
  demoralized?: Partial<Record<Side, boolean>>;
  /** Occupation of objective hexes: the side that last moved into or through each, or null. */
  objectives: Record<HexId, Side | null>;
  /** Units, when known: a unit physically in an objective hex occupies it (18.31). */
  units?: Record<string, { side: Side; hex: HexId | null; status: string }>;
  /**
   * Strength points of each side's units on the map that cannot trace a Line
   * of Communication, as the scenario's "line-of-communication" hook traced it
   * at the end of the game (Antietam 19.1, Cemetery Hill 20.11/20.12). Needed
   * only by `without-line-of-communication` point rules.
   */
  withoutLineOfCommunication?: Record<Side, number>;
  /**
   * Cumulative exited units of each side by type, one tally per time the
   * scenario's `exited-excess` rule tallies (Cemetery Hill 20.3: the end of
   * every Union Player-Turn), in game order.
   */
  exitTallies?: Array<{ turn: number; exited: Record<Side, Partial<Record<UnitType, number>>> }>;
  /**
   * Whether each side can trace the Line of Communication its exit points
   * depend on at the end of the game (Chickamauga 21.31), as the scenario's
   * "line-of-communication" hook traced it. Needed only by `exited-strength`
   * rules that name a lineOfCommunication.
   */
  exitLineOfCommunication?: Partial<Record<Side, boolean>>;
  /**
   * Every side that has controlled each objective hex at any time in the game
   * (Chattanooga 21.11 ii). Needed only by `objective-ever-held` rules.
   */
  objectivesEverHeld?: Record<HexId, Side[]>;
  /**
   * Hexes in the Zone of Control (7.6) of each side's units, by unit type, at
   * the end of the game (Chattanooga 21.12 i). Needed only by
   * `hexes-in-zone-of-control` rules.
   */
  zonesOfControl?: Partial<Record<Side, Partial<Record<UnitType, HexId[]>>>>;
  /**
   * Every unit that left the map through an exit hex in its own Movement
   * Phase, with what exit points read (Fredericksburg 21.12), as the
   * scenario's map-exit hook recorded it. Needed only by `exited-units` rules.
   */
  exited?: Array<{
    unit: string;
    side: Side;
    hex: HexId;
    type: UnitType;
    size?: string;
    strength: number;
  }>;
  /**
   * Game events that happened, by name, as the scenario's hooks recorded them
   * (Road to Richmond 22.14: "early-reinforcements-activated", 17.4). Needed
   * only by `fact` conditions on an event.
   */
  events?: string[];
  /**
   * Who physically occupied each hex at the end of each Game-Turn, in game
   * order (Road to Richmond 22.13). Needed only by `occupied-each-turn` rules.
   */
  occupationTallies?: Array<{ turn: number; occupied: Record<HexId, Side | null> }>;
  /**
   * Who controlled each tallied hex at the end of each Game-Turn, in game
   * order (Road to Vicksburg 21.2, 21.3: the crossroads). Needed only by
   * `controlled-each-turn` rules.
   */
  controlTallies?: Array<{ turn: number; controlled: Record<HexId, Side | null> }>;
  /**
   * Stars of each side's own leaders eliminated so far (Grand Chancellorsville
   * 23.54, 23.56, 23.58), as the scenario's leaders hook recorded them. Needed
   * only by `eliminated-leader-stars` rules.
   */
  eliminatedLeaderStars?: Record<Side, number>;
}

/**
 * Whether a fact holds at the end of the game (Road to Richmond 22.12, 22.14,
 * 22.22). A fact whose input the state does not carry is refused ("not yet
 * supported"), never read as false.
 */
export function factHolds(
  fact: VictoryFact,
  state: VictoryInputs,
  rule: { kind: string; case: string },
): boolean {
  const need = (what: string): never => {
    throw new Error(
      `victory point rule ${rule.kind} (${rule.case}) needs ${what}: not yet supported`,
    );
  };
  const unitStatus = (id: string): string => {
    const u = state.units?.[id] ?? need(`the state of unit ${id} (VictoryInputs.units)`);
    return u.status;
  };
  if ('allOf' in fact) return fact.allOf.every((f) => factHolds(f, state, rule));
  if ('anyOf' in fact) return fact.anyOf.some((f) => factHolds(f, state, rule));
  if ('unitExited' in fact) {
    if (!fact.atHexes) return unitStatus(fact.unitExited) === 'exited';
    const exited = state.exited ?? need('the record of exited units (VictoryInputs.exited)');
    return exited.some((e) => e.unit === fact.unitExited && fact.atHexes!.includes(e.hex));
  }
  if ('unitEliminated' in fact) return unitStatus(fact.unitEliminated) === 'eliminated';
  if ('unitNeverEntered' in fact) return unitStatus(fact.unitNeverEntered) === 'pending';
  if ('lineOfCommunication' in fact) {
    const traced = state.exitLineOfCommunication?.[fact.lineOfCommunication];
    return (
      traced ??
      need(
        `the ${fact.lineOfCommunication} Line of Communication traced at the end (VictoryInputs.exitLineOfCommunication)`,
      )
    );
  }
  if ('event' in fact)
    return (state.events ?? need('the game events (VictoryInputs.events)')).includes(fact.event);
  throw new Error(`victory fact ${JSON.stringify(fact)} is not supported`);
}

/**
 * The class exit points value a unit by (Fredericksburg 21.12): infantry
 * divisions apart from other infantry, then cavalry and artillery.
 */
export function exitClass(u: { type: UnitType; size?: string }): ExitClass {
  if (u.type === 'infantry') return u.size === 'division' ? 'infantry-division' : 'infantry';
  if (u.type === 'cavalry') return 'cavalry';
  if (u.type === 'artillery' || u.type === 'horse-artillery') return 'artillery';
  return 'other';
}

/** A unit as victory reads it: side, where it is, and (for exit points) its strength. */
type VictoryUnit = { side: Side; hex: HexId | null; status: string; strength?: number };

function unitsFor(
  state: VictoryInputs,
  rule: { kind: string; case: string },
): Array<[string, VictoryUnit]> {
  if (!state.units) {
    throw new Error(
      `victory point rule ${rule.kind} (${rule.case}) needs the units' states (VictoryInputs.units): not yet supported`,
    );
  }
  return Object.entries(state.units as Record<string, VictoryUnit>);
}

/** Which units can occupy a hex (not gunboats, which never hold ground); all by default. */
export type OccupyingUnit = (unitId: string) => boolean;

/** Where the game stands on victory: points so far and the level that holds now. */
export interface VictoryStanding {
  points: Record<Side, number>;
  /** Who occupies each objective hex of the spec. */
  objectives: Record<HexId, Side | null>;
  /** The level of victory that holds now, or 'draw' when none does. */
  level: VictoryLevelName | 'draw';
  /** The side that level belongs to; null for a draw. */
  winner: Side | null;
  /** Competition score printed with that level ([2.0]); null for a draw or when the scenario gives none. */
  competitionScore: number | null;
  /** Case number of the level that holds (Shiloh "18.2"), null for a draw. */
  case: string | null;
}

/**
 * Victory points of each side, summed over the spec's point rules:
 *   - eliminated-strength: VP per enemy strength point eliminated (Shiloh
 *     18.1), for `side` only when the rule names one (Cemetery Hill 20.11/20.12);
 *   - without-line-of-communication: VP per enemy strength point on the map
 *     without a Line of Communication at the end (Antietam 19.1, Cemetery Hill
 *     20.11/20.12), as traced by the line-of-communication hook;
 *   - objective-set: VP to the side holding every hex of the set (Antietam
 *     19.1, Sharpsburg);
 *   - exited-excess: at each tally, VP per own exited unit of a type in
 *     excess of the enemy's (Cemetery Hill 20.3);
 *   - eliminated-units: VP per enemy unit eliminated (Chattanooga 21.11);
 *   - exited-strength: VP per own strength point exited, if the side's exit
 *     Line of Communication holds where the rule needs one (Chickamauga 21.11, 21.31);
 *   - unit-not-exited: VP if a named enemy unit has not exited (Chickamauga
 *     21.11 iv, the Union Train);
 *   - objective-ever-held: VP per hex the side controlled at any time
 *     (Chattanooga 21.11 ii);
 *   - hexes-in-zone-of-control: VP per listed hex in the Zone of Control of
 *     the side's units of the given types (Chattanooga 21.12 i);
 *   - fact: VP if a fact holds at the end (Road to Richmond 22.12 iii, vi:
 *     the Train exited at 1528 / never entered; 22.14: Activation happened);
 *     exited-units and without-line-of-communication may also depend on a
 *     fact (onlyIf, RR 22.12 ii, iv, v, 22.22);
 *   - occupied-each-turn: VP per hex physically occupied at the end of each
 *     Game-Turn from a given turn on (RR 22.13).
 *   - controlled-each-turn: VP by side per hex controlled at the end of each
 *     Game-Turn (Road to Vicksburg 21.3, the crossroads);
 *   - per-event: VP each time a named game event happened (Road to
 *     Vicksburg 21.3: each Game-Turn the Train is bombarded).
 * A rule whose input the state does not carry is refused ("not yet
 * supported"), never scored as zero.
 */
export function victoryPoints(
  spec: VictorySpec,
  state: VictoryInputs,
  canOccupy?: OccupyingUnit,
): Record<Side, number> {
  const points: Record<Side, number> = { union: 0, confederate: 0 };
  const scorers = (side?: Side): readonly Side[] => (side ? [side] : SIDES);
  for (const rule of spec.points) {
    switch (rule.kind) {
      case 'eliminated-strength':
        for (const side of scorers(rule.side)) {
          points[side] += rule.points * (state.eliminatedStrength?.[otherSide(side)] ?? 0);
        }
        break;
      case 'without-line-of-communication': {
        if (rule.onlyIf && !factHolds(rule.onlyIf, state, rule)) break;
        const cut = state.withoutLineOfCommunication;
        if (!cut) {
          throw new Error(
            `victory point rule without-line-of-communication (${rule.case}) needs the Line of Communication traced at the end of the game (VictoryInputs.withoutLineOfCommunication): not yet supported`,
          );
        }
        for (const side of scorers(rule.side)) {
          points[side] += rule.points * (cut[otherSide(side)] ?? 0);
        }
        break;
      }
      case 'objective-set': {
        const holders = objectiveHolders(spec, state, canOccupy);
        const first = holders[rule.hexes[0]] ?? null;
        if (
          first &&
          (!rule.side || rule.side === first) &&
          rule.hexes.every((hex) => holders[hex] === first)
        )
          points[first] += rule.points;
        break;
      }
      case 'eliminated-units':
        for (const [, u] of unitsFor(state, rule)) {
          if (u.side !== rule.side && u.status === 'eliminated') points[rule.side] += rule.points;
        }
        break;
      case 'exited-strength': {
        if (rule.lineOfCommunication) {
          const traced = state.exitLineOfCommunication?.[rule.side];
          if (traced === undefined) {
            throw new Error(
              `victory point rule exited-strength (${rule.case}) needs the Line of Communication of ${rule.lineOfCommunication} traced at the end of the game (VictoryInputs.exitLineOfCommunication): not yet supported`,
            );
          }
          if (!traced) break;
        }
        for (const [id, u] of unitsFor(state, rule)) {
          if (u.side !== rule.side || u.status !== 'exited') continue;
          if (u.strength === undefined) {
            throw new Error(
              `victory point rule exited-strength (${rule.case}) needs the strength of exited unit ${id}`,
            );
          }
          points[rule.side] += rule.points * u.strength;
        }
        break;
      }
      case 'unit-not-exited': {
        const unit = unitsFor(state, rule).find(([id]) => id === rule.unit);
        if (!unit)
          throw new Error(
            `victory point rule unit-not-exited (${rule.case}) names unit ${rule.unit}, which the game does not have`,
          );
        if (unit[1].status !== 'exited') points[rule.side] += rule.points;
        break;
      }
      case 'objective-ever-held': {
        const ever = state.objectivesEverHeld;
        if (!ever) {
          throw new Error(
            `victory point rule objective-ever-held (${rule.case}) needs the record of who ever controlled each objective (VictoryInputs.objectivesEverHeld): not yet supported`,
          );
        }
        const holders = objectiveHolders(spec, state, canOccupy);
        for (const hex of rule.hexes) {
          // Whoever holds the hex now has controlled it, whatever the record says.
          if ((ever[hex] ?? []).includes(rule.side) || holders[hex] === rule.side)
            points[rule.side] += rule.points;
        }
        break;
      }
      case 'hexes-in-zone-of-control': {
        const zones = state.zonesOfControl?.[rule.side];
        if (!state.zonesOfControl) {
          throw new Error(
            `victory point rule hexes-in-zone-of-control (${rule.case}) needs the Zones of Control at the end of the game (VictoryInputs.zonesOfControl): not yet supported`,
          );
        }
        const covered = new Set(rule.unitTypes.flatMap((t) => zones?.[t] ?? []));
        for (const hex of rule.zoneHexes) if (covered.has(hex)) points[rule.side] += rule.points;
        break;
      }
      case 'exited-excess':
        for (const tally of state.exitTallies ?? []) {
          const own = tally.exited[rule.side]?.[rule.unitType] ?? 0;
          const enemy = tally.exited[otherSide(rule.side)]?.[rule.unitType] ?? 0;
          points[rule.side] += rule.points * Math.max(0, own - enemy);
        }
        break;
      case 'initial':
        points[rule.side] += rule.points;
        break;
      case 'exited-units': {
        if (!state.exited) {
          throw new Error(
            `victory point rule exited-units (${rule.case}) needs the record of exited units (VictoryInputs.exited, kept by the map-exit hook): not yet supported`,
          );
        }
        if (rule.onlyIf && !factHolds(rule.onlyIf, state, rule)) break;
        const hexes = new Set(rule.exitHexes);
        const excluded = new Set(rule.excludeUnits ?? []);
        const sizes = rule.sizes ? new Set(rule.sizes) : null;
        let sum = 0;
        for (const e of state.exited) {
          if (e.side !== rule.side || !hexes.has(e.hex) || excluded.has(e.unit)) continue;
          if (sizes && (e.size === undefined || !sizes.has(e.size))) continue;
          const value = rule.values[exitClass(e)] ?? 0;
          sum += rule.per === 'unit' ? value : value * e.strength;
        }
        // Road to Vicksburg 21.3: one point per full group ("for each two regiments").
        points[rule.side] += rule.groupOf ? Math.floor(sum / rule.groupOf) : sum;
        break;
      }
      case 'fact':
        if (factHolds(rule.when, state, rule)) points[rule.side] += rule.points;
        break;
      case 'occupied-each-turn': {
        const tallies =
          state.occupationTallies ??
          (() => {
            throw new Error(
              `victory point rule occupied-each-turn (${rule.case}) needs who occupied each hex at the end of each Game-Turn (VictoryInputs.occupationTallies): not yet supported`,
            );
          })();
        for (const tally of tallies) {
          if (tally.turn < rule.fromTurn) continue;
          for (const hex of rule.hexes) {
            const holder = tally.occupied[hex];
            if (holder) points[holder] += rule.points;
          }
        }
        break;
      }
      case 'controlled-each-turn': {
        const tallies =
          state.controlTallies ??
          (() => {
            throw new Error(
              `victory point rule controlled-each-turn (${rule.case}) needs who controlled each hex at the end of each Game-Turn (VictoryInputs.controlTallies): not yet supported`,
            );
          })();
        for (const tally of tallies) {
          if (tally.turn < (rule.fromTurn ?? 1)) continue;
          for (const hex of rule.hexes) {
            const holder = tally.controlled[hex];
            if (holder) points[holder] += rule.points[holder] ?? 0;
          }
        }
        break;
      }
      case 'per-event': {
        if (!state.events)
          throw new Error(
            `victory point rule per-event (${rule.case}) needs the game events (VictoryInputs.events): not yet supported`,
          );
        points[rule.side] += rule.points * state.events.filter((e) => e === rule.event).length;
        break;
      }
      case 'all-units-eliminated': {
        const units = new Map(unitsFor(state, rule));
        if (rule.units.every((id) => units.get(id)?.status === 'eliminated'))
          points[rule.side] += rule.points;
        break;
      }
      case 'eliminated-leader-stars': {
        const stars = state.eliminatedLeaderStars;
        if (!stars) {
          throw new Error(
            `victory point rule eliminated-leader-stars (${rule.case}) needs the leaders eliminated (VictoryInputs.eliminatedLeaderStars, the leaders hook): not yet supported`,
          );
        }
        for (const side of scorers(rule.side)) points[side] += rule.points * stars[otherSide(side)];
        break;
      }
      default: {
        // A point rule this engine does not know must not be silently ignored.
        const unknown: never = rule;
        throw new Error(
          `victory point rule "${(unknown as { kind: string }).kind}" is not supported`,
        );
      }
    }
  }
  return points;
}

/**
 * Who occupies each objective hex the spec names. 18.31: "having a Friendly
 * unit physically in the hex ... or having been the last to have moved a
 * Friendly unit into or through the hex": a unit in the hex decides; else
 * the last side to move through it (state.objectives); else the spec's
 * initial holder.
 */
export function objectiveHolders(
  spec: VictorySpec,
  state: VictoryInputs,
  canOccupy: OccupyingUnit = () => true,
): Record<HexId, Side | null> {
  const holders: Record<HexId, Side | null> = {};
  for (const objective of spec.objectives) {
    const present = Object.entries(state.units ?? {}).find(
      ([id, u]) => u.status === 'on-map' && u.hex === objective.hex && canOccupy(id),
    );
    const tracked = state.objectives?.[objective.hex];
    holders[objective.hex] = present
      ? present[1].side
      : tracked !== undefined
        ? tracked
        : (objective.initial ?? null);
  }
  return holders;
}

/**
 * Whether a condition holds for `side`. Conditions read from that side's
 * point of view: "pointsAtLeastTimes: 2" is "own VP ≥ 2 × enemy VP".
 */
export function conditionHolds(
  condition: VictoryCondition,
  side: Side,
  points: Record<Side, number>,
  holders: Record<HexId, Side | null>,
  inputs?: VictoryInputs,
): boolean {
  const own = points[side];
  const enemy = points[otherSide(side)];
  if ('all' in condition)
    return condition.all.every((c) => conditionHolds(c, side, points, holders, inputs));
  if ('any' in condition)
    return condition.any.some((c) => conditionHolds(c, side, points, holders, inputs));
  if ('not' in condition) return !conditionHolds(condition.not, side, points, holders, inputs);
  if ('ownUnitsExitedAt' in condition) {
    const exited = inputs?.exited;
    if (!exited)
      throw new Error(
        'victory condition ownUnitsExitedAt needs the record of exited units (VictoryInputs.exited, kept by the map-exit hook): not yet supported',
      );
    return exited.some((e) => e.side === side && condition.ownUnitsExitedAt.includes(e.hex));
  }
  if ('occupies' in condition) return condition.occupies.every((hex) => holders[hex] === side);
  if ('pointsAtLeastTimes' in condition) return own >= condition.pointsAtLeastTimes * enemy;
  if ('pointsMoreThanTimes' in condition) return own > condition.pointsMoreThanTimes * enemy;
  if ('pointsLeadAtLeast' in condition) return own - enemy >= condition.pointsLeadAtLeast;
  if ('enemyOccupiesAnyOf' in condition)
    return condition.enemyOccupiesAnyOf.some((hex) => holders[hex] === otherSide(side));
  throw new Error(`victory condition ${JSON.stringify(condition)} is not supported`);
}

/** The first level (in the scenario's order) whose condition holds now, if any. */
export function levelThatHolds(
  spec: VictorySpec,
  points: Record<Side, number>,
  holders: Record<HexId, Side | null>,
  inputs?: VictoryInputs,
): VictoryLevel | null {
  return (
    spec.levels.find((level) => conditionHolds(level.when, level.side, points, holders, inputs)) ??
    null
  );
}

/**
 * The victory standing now: points, occupation and the level that would be
 * awarded if the game ended at this moment (the result at the end, 18.2).
 */
export function evaluateVictory(
  spec: VictorySpec,
  state: VictoryInputs,
  canOccupy?: OccupyingUnit,
): VictoryStanding {
  const points = victoryPoints(spec, state, canOccupy);
  const objectives = objectiveHolders(spec, state, canOccupy);
  const held = levelThatHolds(spec, points, objectives, state);
  const level = held && spec.demoralization ? demoralizedLevel(spec, held, state) : held;
  if (!level) {
    return {
      points,
      objectives,
      level: spec.otherwise,
      winner: null,
      competitionScore: null,
      case: null,
    };
  }
  return {
    points,
    objectives,
    level: level.level,
    winner: level.side,
    competitionScore: level.competitionScore ?? null,
    case: level.case,
  };
}

/** Levels from the highest down; a drop below the last gives the spec's `otherwise`. */
const LEVEL_STEPS: readonly VictoryLevelName[] = ['decisive', 'substantive', 'marginal'];

/**
 * Hooker and Lee 21.3: "If one side or the other is Demoralized, but wins a
 * victory, that Victory is reduced by one Level (for example, a Substantive
 * becomes a Marginal Victory). If both sides are Demoralized, there is no
 * effect." The reduced level keeps the winner and takes that side's printed
 * level of the lower name (its competition score); below marginal nothing is
 * left, so the result is the spec's `otherwise` (null here). Refused, never
 * guessed, when the state does not say which armies are Demoralized.
 */
export function demoralizedLevel(
  spec: VictorySpec,
  level: VictoryLevel,
  state: VictoryInputs,
): VictoryLevel | null {
  const rule = spec.demoralization;
  if (!rule) return level;
  const demoralized = state.demoralized;
  if (!demoralized) {
    throw new Error(
      `victory demoralization (${rule.case}) needs to know which armies are Demoralized (VictoryInputs.demoralized, from the army-demoralization hook): not yet supported`,
    );
  }
  const winner = demoralized[level.side] === true;
  const loser = demoralized[otherSide(level.side)] === true;
  if (!winner || (loser && rule.bothDemoralized === 'no-effect')) return level;
  const at = LEVEL_STEPS.indexOf(level.level as VictoryLevelName);
  const to = at < 0 ? LEVEL_STEPS.length : at + rule.levelsDown;
  if (to >= LEVEL_STEPS.length) return null;
  const name = LEVEL_STEPS[to];
  const printed = spec.levels.find((l) => l.side === level.side && l.level === name);
  return {
    side: level.side,
    level: name,
    when: level.when,
    ...(printed?.competitionScore !== undefined
      ? { competitionScore: printed.competitionScore }
      : {}),
    case: `${level.case}, ${rule.case}`,
  };
}

/**
 * The game's result at its end, in the shape GameState.result keeps:
 * the winner and level of the standing, with a reason a player reads.
 */
export function victoryResult(
  spec: VictorySpec,
  state: VictoryInputs,
  canOccupy?: OccupyingUnit,
): { winner: Side | null; level: string | null; reason: string } {
  const s = evaluateVictory(spec, state, canOccupy);
  const score = `${s.points.union}–${s.points.confederate} VP (Union–Confederate)`;
  if (s.winner === null) {
    return {
      winner: null,
      level: s.level,
      reason: `No level of victory holds at the end of the game: a draw, ${score}.`,
    };
  }
  const who = s.winner === 'union' ? 'Union' : 'Confederate';
  return {
    winner: s.winner,
    level: s.level,
    reason: `${who} ${s.level} victory (${s.case}) at the end of the game, ${score}.`,
  };
}

/** The competition score the scenario prints for `side`'s `level` of victory, if any. */
export function competitionScoreOf(
  spec: VictorySpec,
  side: Side | null,
  level: string | null,
): number | null {
  if (side === null || level === null) return null;
  return spec.levels.find((l) => l.side === side && l.level === level)?.competitionScore ?? null;
}

/**
 * The automatic victory that holds at the end of Game-Turn `turn`, if any
 * (Fredericksburg 20.0: at the end of Game-Turn 5 the Confederate wins
 * automatically with 3:1 in VP for eliminated Union units and none of 1113,
 * 1711, 2401 in Union hands). Each check counts only the point rules of its
 * `pointKinds`. Null when none holds: play goes on to the last Game-Turn.
 */
export function automaticVictory(
  spec: VictorySpec,
  state: VictoryInputs,
  turn: number,
  canOccupy?: OccupyingUnit,
): (VictoryStanding & { check: AutomaticVictory }) | null {
  for (const check of spec.automatic ?? []) {
    if (check.afterTurn !== turn) continue;
    const kinds = check.pointKinds ? new Set<string>(check.pointKinds) : null;
    const counted: VictorySpec = kinds
      ? { ...spec, points: spec.points.filter((p) => kinds.has(p.kind)) }
      : spec;
    const points = victoryPoints(counted, state, canOccupy);
    const objectives = objectiveHolders(spec, state, canOccupy);
    if (!conditionHolds(check.when, check.side, points, objectives, state)) continue;
    return {
      points,
      objectives,
      level: check.level,
      winner: check.side,
      competitionScore: competitionScoreOf(spec, check.side, check.level),
      case: check.case,
      check,
    };
  }
  return null;
}
