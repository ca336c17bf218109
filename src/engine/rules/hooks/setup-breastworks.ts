/**
 * Breastworks placed at the Initial Deployment (battles.md §17 rank 16): the
 * exclusive rules of a battle have one side place Breastworks Markers, with a
 * stated facing, in hexes its units occupy (or in listed hexes) when the
 * set-up is complete. By 10.33 and 10.39 every marker placed as part of the
 * Initial Deployment is a Trench.
 *
 * Atlanta 16.1: "the Union Player places Breastworks Markers facing
 * south-west in all hexes occupied by his units west of hex row 55XX, except
 * hexes 4902 and 5413."
 * Ezra Church 16.1: "the Union Player places Breastworks Markers on each hex
 * his units occupy except for the units that are initially deployed in hexes
 * 1508 and 1608. Breastworks Markers in the 19XX hex row face southeast, and
 * the remaining Breastworks Markers face south."
 * Peachtree Creek 16.1: "the Union Player places three Breastworks Markers
 * facing south in hexes 4709, 4809, and 4909" (place "listed").
 * Jonesborough 16.1: "the Union Player places Breastworks Markers in each hex
 * occupied by his units east of the Flint River, determining their facing as
 * desired" (areaHexes the hexes east of the river; facing "chosen").
 *
 * When: the moment play begins — at the end of the free set-up phase (the
 * order that completes it), or when the game is created if it has no set-up
 * phase (every unit placed by the scenario or the supplied counters) —
 * through the hook point atStartOfPlay, before the First Player's first
 * Movement Phase. Units arriving later never get markers.
 *
 * Facing: a compass direction names the three adjacent hexsides a marker
 * faces (10.34 ii: "three adjacent hex sides"): those towards the three
 * neighbours whose bearings lie nearest that direction on the map as drawn
 * (its `top`). "South" on a north-up flat-topped sheet is the south-west,
 * south and south-east hexsides; "south-west" the south, south-west and
 * north-west ones. A direction whose third hexside is a tie (east or west on
 * a flat-topped sheet) is refused at preparation. On a map edge the marker
 * faces only the neighbours there are.
 *
 * params: {
 *   side: Side,                       // whose units, whose markers
 *   place: "occupied" | "listed",     // hexes the side's units occupy at the start of play, or the listed hexes
 *   hexes?: HexId[],                  // listed: the marker hexes (occupied or not)
 *   units?: string[],                 // occupied: only the hexes of these units (absent units are ignored)
 *   columns?: { from?: number, to?: number },  // occupied: only hexes whose printed column (XX of XXYY) is in range
 *   rows?: { from?: number, to?: number },     // occupied: only hexes whose printed row (YY) is in range
 *   areaHexes?: HexId[],              // occupied: only these hexes (e.g. east of a river)
 *   exceptHexes?: HexId[],            // never these hexes (Atlanta 4902, 5413; Ezra Church 1508, 1608)
 *   facing: Compass | "chosen",       // the facing of every marker, unless a `facings` entry matches
 *   facings?: Array<{ columns?, rows?, hexes?: HexId[], facing: Compass }>,  // first match wins (Ezra Church row 19XX)
 * }
 * Compass: "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west".
 *
 * Facing "chosen" (Jonesborough 16.1 "determining their facing as desired"):
 * the markers are placed when play begins with no facing yet, and before
 * anything else happens the owning player answers a pending decision
 * ("setup-breastworks-facing") marker by marker with
 * {type: "face-breastworks", hex, facing}: three adjacent hexsides, as the
 * neighbour hexes across them (10.34 ii; the six choices of
 * complete-breastworks). A `facings` entry still fixes the facing of the
 * hexes it selects.
 */
import type { GameContext } from '../../game';
import type { Fieldwork, GameState } from '../../state';
import type { GameEvent, HexId, RuleHook, Side } from '../../types';
import { COMPASS, parseLabel } from '../../hex';
import type { Order, PendingDecision } from '../../state';
import { facingChoices } from '../blue-grey/breastworks-construction';
import { refuse } from '../blue-grey/refusals';
import type { HexGrid } from '../../hex';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

interface Range {
  from?: number;
  to?: number;
}
interface FacingArea {
  columns?: Range;
  rows?: Range;
  hexes?: HexId[];
  facing: string;
}

/** The pending decision of a "chosen" facing: the owner faces each marker in `hexes`. */
export const FACING_DECISION = 'setup-breastworks-facing';

/** hookState entry: the markers are placed once. */
export interface SetupBreastworksState {
  placed: HexId[];
}

function rangeRefusal(name: string, r: unknown): string | null {
  if (r === undefined) return null;
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return `${name} that is not a range`;
  const x = r as Record<string, unknown>;
  const extra = Object.keys(x).filter((k) => k !== 'from' && k !== 'to');
  if (extra.length > 0) return `${name} ${extra.map((k) => `"${k}"`).join(', ')}`;
  for (const k of ['from', 'to'])
    if (x[k] !== undefined && (!Number.isInteger(x[k]) || (x[k] as number) < 0))
      return `${name}.${k} ${JSON.stringify(x[k])}`;
  return null;
}

const isCompass = (f: unknown): f is string => typeof f === 'string' && f in COMPASS;

export const setupBreastworksSupport: HookSupport = knownParams(
  [
    'side',
    'place',
    'hexes',
    'units',
    'columns',
    'rows',
    'areaHexes',
    'exceptHexes',
    'facing',
    'facings',
  ],
  (p) => {
    if (p.side !== 'union' && p.side !== 'confederate') return 'a "side"';
    if (p.place !== 'occupied' && p.place !== 'listed') return `place ${JSON.stringify(p.place)}`;
    if (p.place === 'listed') {
      if (!Array.isArray(p.hexes) || p.hexes.length === 0) return 'place "listed" without "hexes"';
      for (const k of ['units', 'columns', 'rows', 'areaHexes'])
        if (p[k] !== undefined) return `"${k}" with place "listed"`;
    } else if (p.hexes !== undefined) return '"hexes" with place "occupied" (use "areaHexes")';
    for (const k of ['units', 'areaHexes', 'exceptHexes'])
      if (p[k] !== undefined && !Array.isArray(p[k])) return `"${k}" that is not a list`;
    const why = rangeRefusal('columns', p.columns) ?? rangeRefusal('rows', p.rows);
    if (why) return why;
    if (p.facing !== 'chosen' && !isCompass(p.facing)) return `facing ${JSON.stringify(p.facing)}`;
    if (p.facings !== undefined) {
      if (!Array.isArray(p.facings)) return '"facings" that is not a list';
      for (const f of p.facings as FacingArea[]) {
        const extra = Object.keys(f ?? {}).filter(
          (k) => !['columns', 'rows', 'hexes', 'facing'].includes(k),
        );
        if (extra.length > 0) return `facings ${extra.map((k) => `"${k}"`).join(', ')}`;
        if (!isCompass(f.facing)) return `facing ${JSON.stringify(f.facing)}`;
        const w =
          rangeRefusal('facings columns', f.columns) ?? rangeRefusal('facings rows', f.rows);
        if (w) return w;
        if (f.hexes !== undefined && !Array.isArray(f.hexes)) return 'facings "hexes" not a list';
      }
    }
    return null;
  },
);

const inRange = (n: number, r: Range | undefined): boolean =>
  r === undefined || ((r.from ?? -Infinity) <= n && n <= (r.to ?? Infinity));

/** Whether a hex lies in the printed columns/rows (and hexes, if listed) of a selection. */
function selects(hex: HexId, sel: { columns?: Range; rows?: Range; hexes?: HexId[] }): boolean {
  const l = parseLabel(hex);
  if (!l) return false;
  if (sel.hexes && !sel.hexes.includes(hex)) return false;
  return inRange(l.column, sel.columns) && inRange(l.row, sel.rows);
}

/**
 * The neighbours of `hex` across the three hexsides a marker facing `direction`
 * covers (the three bearings nearest the direction), or null if the third is a
 * tie (no single set of three adjacent hexsides). Neighbours off the map are
 * left out.
 */
export function facingToward(grid: HexGrid, hex: HexId, direction: string): HexId[] | null {
  const want = COMPASS[direction];
  // The six directions of the hex, including those off the map, by their bearings.
  const dirs: Array<{ d: number; off: number; n?: HexId }> = [];
  for (let d = 0; d < 6; d++) {
    const n = grid.neighbourInDirection(hex, d);
    dirs.push({ d, off: 0, n });
  }
  const on = dirs.filter((x) => x.n !== undefined);
  if (on.length === 0) return [];
  // Bearings of the off-map directions come from the opposite neighbour (+180°) when one exists.
  const bearingOf = (x: { d: number; n?: HexId }): number | null => {
    if (x.n) return grid.bearing(hex, x.n);
    const opp = grid.neighbourInDirection(hex, (x.d + 3) % 6);
    return opp ? (grid.bearing(hex, opp) + 180) % 360 : null;
  };
  const scored = dirs
    .map((x) => {
      const b = bearingOf(x);
      return { ...x, off: b === null ? Infinity : Math.abs(((b - want + 540) % 360) - 180) };
    })
    .sort((a, b) => a.off - b.off);
  if (Math.abs(scored[2].off - scored[3].off) < 1e-6) return null;
  return scored
    .slice(0, 3)
    .filter((x) => x.n !== undefined)
    .map((x) => x.n!);
}

export function setupBreastworks(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const side = p.side as Side;
  const listed = p.place === 'listed' ? (p.hexes as HexId[]) : null;
  const units = p.units ? new Set(p.units as string[]) : null;
  const area = p.areaHexes ? new Set(p.areaHexes as HexId[]) : null;
  const except = new Set((p.exceptHexes as HexId[]) ?? []);
  const facing = p.facing as string;
  const chosen = facing === 'chosen';
  const facings = (p.facings as FacingArea[]) ?? [];
  const key = hookKey(rule);

  /** The hexes that get a marker now. */
  const markerHexes = (state: GameState): HexId[] => {
    if (listed) return listed.filter((h) => !except.has(h));
    const out = new Set<HexId>();
    for (const id of Object.keys(state.units).sort()) {
      const u = state.units[id];
      if (u.side !== side || u.status !== 'on-map' || u.hex === null) continue;
      if (units && !units.has(id)) continue;
      if (except.has(u.hex) || (area && !area.has(u.hex))) continue;
      if (!selects(u.hex, { columns: p.columns as Range, rows: p.rows as Range })) continue;
      out.add(u.hex);
    }
    return [...out].sort();
  };

  return {
    hook: rule.hook,
    case: rule.case,
    atStartOfPlay(ctx: GameContext, state: GameState) {
      if (hookStateOf<SetupBreastworksState | null>(state, key, null)) return null;
      const events: GameEvent[] = [];
      const fieldworks: Fieldwork[] = [...state.fieldworks];
      const placed: HexId[] = [];
      for (const hex of markerHexes(state)) {
        // 10.36: no more than one Breastworks Marker in a hex.
        if (fieldworks.some((f) => f.hex === hex)) continue;
        const dir = facings.find((f) => selects(hex, f))?.facing ?? facing;
        if (dir === 'chosen') {
          // Jonesborough 16.1: faced by the owner before play goes on (decisionOrders).
          fieldworks.push({ hex, kind: 'trench', facing: [], side });
          placed.push(hex);
          events.push({
            type: 'fieldwork-placed',
            hex,
            kind: 'trench',
            facing: [],
            direction: 'chosen',
            side,
            rule: `${rule.case}, 10.33, 10.39`,
          });
          continue;
        }
        const toward = facingToward(ctx.map.grid, hex, dir);
        if (toward === null)
          throw new Error(
            `${rule.case}: "${dir}" does not name three adjacent hexsides of ${hex} on this map`,
          );
        fieldworks.push({ hex, kind: 'trench', facing: toward, side });
        placed.push(hex);
        events.push({
          type: 'fieldwork-placed',
          hex,
          kind: 'trench',
          facing: toward,
          direction: dir,
          side,
          rule: `${rule.case}, 10.33, 10.39`,
        });
      }
      let next = withHookState<SetupBreastworksState>({ ...state, fieldworks }, key, { placed });
      const unfaced = fieldworks.filter((f) => placed.includes(f.hex) && f.facing.length === 0);
      if (unfaced.length > 0) {
        if (state.pending) throw new Error(`${rule.case}: a decision is already pending`);
        const pending: PendingDecision = {
          side,
          kind: FACING_DECISION,
          rule: rule.case,
          hexes: unfaced.map((f) => f.hex),
        };
        next = { ...next, pending };
        events.push({ type: 'decision-pending', side, kind: FACING_DECISION, rule: rule.case });
      }
      return { state: next, events };
    },
    ...(chosen || facings.some((f) => f.facing === 'chosen')
      ? {
          decisionKinds: [FACING_DECISION],
          decisionOrders(ctx: GameContext, state: GameState, s: Side): Order[] {
            if (state.pending?.kind !== FACING_DECISION || state.pending.side !== s) return [];
            const out: Order[] = [];
            for (const hex of state.pending.hexes as HexId[])
              for (const f of facingChoices(ctx, hex))
                out.push({ type: 'face-breastworks', hex, facing: f } as Order);
            return out;
          },
          applyDecision(ctx: GameContext, state: GameState, s: Side, order: Order) {
            const pending = state.pending!;
            const o = order as Order & { hex?: unknown; facing?: unknown };
            if (o.type !== 'face-breastworks')
              return refuse(
                'DECISION_PENDING',
                rule.case,
                `first set the facing of each Breastworks marker placed at set-up: {type: "face-breastworks", hex, facing}`,
              );
            if (s !== pending.side)
              return refuse(
                'NOT_YOUR_TURN',
                rule.case,
                `the ${pending.side} player faces the markers`,
              );
            const hexes = pending.hexes as HexId[];
            if (typeof o.hex !== 'string' || !hexes.includes(o.hex))
              return refuse(
                'NO_MARKER_TO_FACE',
                rule.case,
                `no Breastworks marker placed at set-up waits for its facing in ${String(o.hex)} (waiting: ${hexes.join(', ')})`,
              );
            const hex = o.hex;
            const want = Array.isArray(o.facing) ? (o.facing as unknown[]) : null;
            const choice = want
              ? facingChoices(ctx, hex).find(
                  (c) => c.length === want.length && c.every((h) => want.includes(h)),
                )
              : undefined;
            if (!choice)
              return refuse(
                'BAD_FACING',
                '10.34',
                `a Breastworks marker faces three adjacent hexsides: facing must list the neighbours of ${hex} across them`,
              );
            const fieldworks = state.fieldworks.map((f) =>
              f.hex === hex ? { ...f, facing: [...choice] } : f,
            );
            const rest = hexes.filter((h) => h !== hex);
            return {
              ok: true as const,
              state: {
                ...state,
                fieldworks,
                pending: rest.length > 0 ? { ...pending, hexes: rest } : null,
              },
              events: [{ type: 'breastworks-facing', hex, facing: choice, rule: rule.case }],
            };
          },
        }
      : {}),
  };
}
