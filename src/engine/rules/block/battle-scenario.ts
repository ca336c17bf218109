/**
 * A block battle scenario (scenarios/schema/block-battle.schema.json): one
 * battle of the block game played on its own, before the campaign maps
 * exist (notes §12.2 "Slice 0"). It gives the battle hex's terrain, the
 * hexsides around it with their terrain (the limits of 7.12 and 7.51), which
 * of them the Attacker attacked across (his retreat routes, 7.11), the two
 * forces in the hex (taken from an order of battle) and the blocks waiting
 * in the adjacent hexes to reinforce (7.5).
 *
 * validateBattleScenario checks what JSON Schema cannot: references,
 * strengths within the maximum CV, and the attack limits of 5.31.
 */
import type { Dice } from '../../dice';
import { NotYetSupportedError } from '../../errors';
import type {
  BattleOptions,
  BlockBattleState,
  BlockUnit,
  HexsideTerrain,
  Side,
  Theater,
  UnitType,
  Weather,
} from './types';
import { SIDES, otherSide } from './types';
import { attackLimit, defaultMaxCv } from './battle-units';
import { freshTurn } from './battle-time';
import { opaqueIds } from './opaque-ids';

export const BLOCK_SYSTEM = 'block';
export const BLOCK_VERSION = 'bobby-lee-sam-grant';

export interface BattleScenarioUnit {
  key: string;
  /** Where it comes from in 002's orders of battle (display only). */
  ob?: string;
  side: Side;
  name: string;
  type: UnitType;
  cv: number;
  maxCv?: number;
  hq?: { code: string; supreme: boolean };
  /** "battle" = in the battle hex at the start; else waiting across a hexside from `day`. */
  at: 'battle' | { hexside: string; day?: number };
  /**
   * In a naval invasion battle, false for an Attacker block in the hex that
   * came by land, not by sea (10.5: it may not retreat by sea). Absent: the
   * Attacker's blocks in the hex all landed.
   */
  invader?: boolean;
}

export interface BattleScenarioHexside {
  id: string;
  terrain: HexsideTerrain;
  beyond: string;
  attackedAcross: boolean;
  occupant?: Side | null;
  /** Who controls the hex across (8.1): a naval invader may retreat into it if it is his (10.5). */
  controller?: Side | null;
}

export interface BlockBattleScenario {
  $schema?: string;
  id: string;
  title: string;
  kind: 'block-battle';
  rules: { system: 'block'; version: string };
  date: string;
  year: number;
  theater: Theater;
  weather: Weather;
  hex: { name: string; terrain: 'clear' | 'forest' | 'marsh'; fortress: boolean };
  attacker: Side;
  /**
   * A naval invasion battle (10.4, 10.5): the Attacker's blocks in the hex
   * (but those marked `invader: false`) landed from `port` (USA infantry
   * only); no attack limit applies (A53).
   */
  navalInvasion?: { port: string };
  hexsides: BattleScenarioHexside[];
  units: BattleScenarioUnit[];
  options?: Partial<BattleOptions>;
  sources: string[];
  notes: string;
}

export interface ScenarioProblem {
  path: string;
  message: string;
}

const UNIT_TYPES: readonly UnitType[] = [
  'infantry',
  'brigade',
  'garrison',
  'cavalry',
  'artillery',
  'heavy-artillery',
  'hq',
];

export function isBlockBattleScenario(doc: unknown): doc is BlockBattleScenario {
  return (
    typeof doc === 'object' &&
    doc !== null &&
    (doc as { kind?: unknown }).kind === 'block-battle' &&
    (doc as { rules?: { system?: unknown } }).rules?.system === BLOCK_SYSTEM
  );
}

/** The references and rules a schema cannot check; [] when the document is sound. */
export function validateBattleScenario(doc: BlockBattleScenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  if (!/^\d{4}-(0[1-9]|1[0-2])-\d{2}$/.test(doc.date) || Number(doc.date.slice(0, 4)) !== doc.year)
    out.push({
      path: '/date',
      message: `date ${doc.date} must be YYYY-MM-DD in the scenario's year ${doc.year}`,
    });
  const hexsideIds = new Set<string>();
  doc.hexsides.forEach((h, i) => {
    if (hexsideIds.has(h.id))
      out.push({ path: `/hexsides/${i}/id`, message: `duplicate hexside "${h.id}"` });
    hexsideIds.add(h.id);
    if (h.attackedAcross && attackLimit(h.terrain, doc.weather) === 0)
      out.push({
        path: `/hexsides/${i}`,
        message: `no attack is possible across a ${h.terrain} hexside in ${doc.weather} weather (Terrain Effects chart, 5.31)`,
      });
  });
  if (doc.hexsides.length > 6)
    out.push({ path: '/hexsides', message: 'a hex has at most six hexsides' });
  const attackRoutes = doc.hexsides.filter((h) => h.attackedAcross);
  const invasion = doc.navalInvasion !== undefined;
  if (invasion) {
    if (doc.attacker !== 'union')
      out.push({ path: '/navalInvasion', message: 'only the USA makes naval invasions (10.4)' });
    doc.units.forEach((u, i) => {
      if (
        u.side === doc.attacker &&
        u.at === 'battle' &&
        u.invader !== false &&
        u.type !== 'infantry'
      )
        out.push({
          path: `/units/${i}/type`,
          message: 'a naval invasion lands infantry only (10.4)',
        });
    });
  } else if (attackRoutes.length === 0)
    out.push({
      path: '/hexsides',
      message: 'the Attacker must have attacked across at least one hexside (7.11)',
    });
  const keys = new Set<string>();
  const inBattle: Record<Side, number> = { union: 0, confederate: 0 };
  const beyond = new Map<string, Side>();
  doc.units.forEach((u, i) => {
    const at = `/units/${i}`;
    if (keys.has(u.key)) out.push({ path: `${at}/key`, message: `duplicate unit key "${u.key}"` });
    keys.add(u.key);
    if (!UNIT_TYPES.includes(u.type))
      out.push({ path: `${at}/type`, message: `unknown type "${u.type}"` });
    if (u.type === 'brigade' && u.side !== 'confederate')
      out.push({ path: `${at}/type`, message: 'Brigades are Confederate only (2.221)' });
    if (u.type === 'hq' && !u.hq)
      out.push({ path: `${at}/hq`, message: 'an HQ needs its code and role (2.21)' });
    if (u.type !== 'hq' && u.hq)
      out.push({ path: `${at}/hq`, message: 'only HQs carry an HQ code' });
    const max = u.maxCv ?? defaultMaxCv(u.type, u.side, doc.theater);
    if (max === null)
      out.push({
        path: `${at}/maxCv`,
        message: `give the maximum CV of this ${u.type} block (2.5)`,
      });
    else if (u.cv < 1 || u.cv > max)
      out.push({ path: `${at}/cv`, message: `strength ${u.cv} is outside 1..${max} (2.4, 2.5)` });
    if (u.at === 'battle') inBattle[u.side] += 1;
    else {
      if (!hexsideIds.has(u.at.hexside))
        out.push({ path: `${at}/at/hexside`, message: `no hexside "${u.at.hexside}"` });
      const other = beyond.get(u.at.hexside);
      if (other && other !== u.side)
        out.push({
          path: `${at}/at`,
          message: `blocks of both sides wait across ${u.at.hexside}: that hex would be a battle of its own`,
        });
      beyond.set(u.at.hexside, u.side);
      const hexside = u.at.hexside;
      const h = doc.hexsides.find((x) => x.id === hexside);
      if (h?.occupant && h.occupant !== u.side)
        out.push({ path: `${at}/at`, message: `the hex across ${h.id} holds the other side` });
    }
  });
  for (const side of SIDES)
    if (inBattle[side] === 0)
      out.push({ path: '/units', message: `the ${side} side has no block in the battle hex` });
  const limit = attackRoutes.reduce((n, h) => n + attackLimit(h.terrain, doc.weather), 0);
  if (!invasion && inBattle[doc.attacker] > limit)
    out.push({
      path: '/units',
      message: `${inBattle[doc.attacker]} attacking blocks exceed the attack limits (${limit}) of the hexsides attacked across (5.31)`,
    });
  return out;
}

export function battleOptions(
  doc: BlockBattleScenario,
  asked: Record<string, unknown>,
): BattleOptions {
  const o = {
    hitAllocation: 'auto',
    morale: false,
    battleStacking: false,
    ...doc.options,
  } as BattleOptions;
  const b = asked.block as Record<string, unknown> | undefined;
  if (b === undefined) return o;
  if (typeof b !== 'object' || b === null)
    throw new NotYetSupportedError('options.block', 'options.block must be an object');
  for (const [k, v] of Object.entries(b)) {
    if (k === 'hitAllocation' && (v === 'auto' || v === 'ask')) o.hitAllocation = v;
    else if ((k === 'morale' || k === 'battleStacking') && typeof v === 'boolean') o[k] = v;
    else
      throw new NotYetSupportedError(
        'options.block',
        `unknown block battle option ${k}=${JSON.stringify(v)} (hitAllocation auto|ask, morale, battleStacking)`,
      );
  }
  return o;
}

/**
 * A new battle: the blocks get opaque ids from a seeded shuffle (so an id
 * says nothing of the block, notes §8.4), the Defender deploys first (6.2).
 */
export function newBattle(
  doc: BlockBattleScenario,
  options: Record<string, unknown>,
  dice: Dice,
): BlockBattleState {
  const problems = validateBattleScenario(doc);
  if (problems.length > 0)
    throw new NotYetSupportedError(
      'scenario',
      `the battle scenario is not sound: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
    );
  const opts = battleOptions(doc, options);
  const ids = opaqueIds(doc.units.length, 'b', dice);
  const units: BlockUnit[] = doc.units.map((u, i) => ({
    id: ids[i],
    side: u.side,
    type: u.type,
    name: u.name,
    ...(u.hq ? { hq: { ...u.hq } } : {}),
    cv: u.cv,
    maxCv: u.maxCv ?? defaultMaxCv(u.type, u.side, doc.theater)!,
    place: u.at === 'battle' ? { kind: 'undeployed' } : { kind: 'adjacent', hexside: u.at.hexside },
    revealed: false,
    disruptedThroughDay: null,
    fired: false,
    moves: [],
    retreating: null,
    regrouped: false,
    availableDay: u.at === 'battle' ? 1 : (u.at.day ?? 1),
    moralePoor: false,
    fought: u.at === 'battle',
    ...(doc.navalInvasion && u.side === doc.attacker && u.at === 'battle' && u.invader !== false
      ? { invader: true }
      : {}),
  }));
  units.sort((a, b) => (a.id < b.id ? -1 : 1));
  const attacker = doc.attacker;
  const defender = otherSide(attacker);
  const holders: Record<string, Side> = {};
  for (const s of [attacker, defender]) for (const p of ['L', 'C', 'R']) holders[`${s}:${p}`] = s;
  return {
    system: 'block',
    kind: 'battle',
    scenarioId: doc.id,
    theater: doc.theater,
    year: doc.year,
    month: Number(doc.date.slice(5, 7)),
    weather: doc.weather,
    terrain: doc.hex.fortress ? 'fortress' : doc.hex.terrain,
    attacker,
    defender,
    options: opts,
    hexsides: doc.hexsides.map((h) => ({
      id: h.id,
      terrain: h.terrain,
      beyond: h.beyond,
      occupant: h.occupant ?? null,
      ...(h.controller !== undefined ? { controller: h.controller } : {}),
    })),
    attackerHexsides: doc.hexsides.filter((h) => h.attackedAcross).map((h) => h.id),
    navalPort: doc.navalInvasion?.port ?? null,
    units,
    holders,
    day: 1,
    slot: 'dawn',
    turnSide: defender,
    phase: { name: 'deploy', side: defender, night: false, movable: [] },
    turn: freshTurn(),
    hitQueue: [],
    pending: null,
    melee: null,
    routing: null,
    resolvingRetreat: null,
    night: { defender: null, attacker: null },
    result: null,
    diceDrawn: dice.drawn,
  };
}
