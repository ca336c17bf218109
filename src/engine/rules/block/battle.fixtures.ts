/**
 * Test positions for the block battle engine: a battle already deployed,
 * in a chosen phase, with named blocks in chosen cells.
 */
import type { BattleTerrain, BlockBattleState, BlockUnit, CellId, Side, UnitType } from './types';
import { freshTurn } from './battle-time';

export interface FixtureUnit {
  id: string;
  side: Side;
  type: UnitType;
  cv: number;
  cell?: CellId;
  adjacent?: string;
  revealed?: boolean;
  hq?: { code: string; supreme: boolean };
  invader?: boolean;
}

export function fixtureBattle(opts: {
  units: FixtureUnit[];
  attacker?: Side;
  terrain?: BattleTerrain;
  year?: number;
  weather?: 'dry' | 'mud';
  turnSide?: Side;
  phase?: BlockBattleState['phase'];
  holders?: Record<string, Side>;
  hexsides?: BlockBattleState['hexsides'];
  attackerHexsides?: string[];
  slot?: BlockBattleState['slot'];
  hitAllocation?: 'auto' | 'ask';
  navalPort?: string;
}): BlockBattleState {
  const attacker = opts.attacker ?? 'union';
  const defender: Side = attacker === 'union' ? 'confederate' : 'union';
  const holders: Record<string, Side> = {};
  for (const s of [attacker, defender]) for (const p of ['L', 'C', 'R']) holders[`${s}:${p}`] = s;
  const units: BlockUnit[] = opts.units.map((u) => ({
    id: u.id,
    side: u.side,
    type: u.type,
    name: `${u.side} ${u.type} ${u.id}`,
    ...(u.hq ? { hq: u.hq } : u.type === 'hq' ? { hq: { code: 'AP', supreme: false } } : {}),
    cv: u.cv,
    maxCv: 4,
    place: u.cell
      ? { kind: 'cell', cell: u.cell }
      : { kind: 'adjacent', hexside: u.adjacent ?? 'N' },
    revealed: u.revealed ?? false,
    disruptedThroughDay: null,
    fired: false,
    moves: [],
    retreating: null,
    regrouped: false,
    availableDay: 1,
    moralePoor: false,
    fought: true,
    ...(u.invader ? { invader: true } : {}),
  }));
  units.sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    system: 'block',
    kind: 'battle',
    scenarioId: 'fixture',
    theater: 'east',
    year: opts.year ?? 1862,
    month: 7,
    weather: opts.weather ?? 'dry',
    terrain: opts.terrain ?? 'clear',
    attacker,
    defender,
    options: { hitAllocation: opts.hitAllocation ?? 'auto', morale: false, battleStacking: false },
    hexsides: opts.hexsides ?? [
      { id: 'N', terrain: 'clear', beyond: 'north', occupant: null },
      { id: 'S', terrain: 'clear', beyond: 'south', occupant: null },
    ],
    attackerHexsides: opts.attackerHexsides ?? ['N'],
    navalPort: opts.navalPort ?? null,
    units,
    holders: { ...holders, ...opts.holders },
    day: 1,
    slot: opts.slot ?? 'morning',
    turnSide: opts.turnSide ?? attacker,
    phase: opts.phase ?? { name: 'fire' },
    turn: freshTurn(),
    hitQueue: [],
    pending: null,
    melee: null,
    routing: null,
    resolvingRetreat: null,
    night: { defender: null, attacker: null },
    result: null,
    diceDrawn: 0,
  };
}

export function unit(state: BlockBattleState, id: string): BlockUnit {
  const u = state.units.find((x) => x.id === id);
  if (!u) throw new Error(`no block ${id}`);
  return u;
}
