/**
 * The Bobby Lee & Sam Grant data documents (002): the Unit Data chart and
 * battle firepower matrix, the counter mix, the HQs, the Replacements chart,
 * the calendar and every order of battle. The documents are JSON under
 * ./data (each with a JSON Schema in scenarios/schema/block-*.schema.json);
 * this module gives them types, typed accessors the engine reads, and the
 * cross-reference checks a schema cannot express (every OB unit's type is in
 * the Unit Data, every HQ code is a known HQ of that side and theater, no
 * unit exceeds its maximum CV, ...). Pure: no I/O, the documents are imported.
 *
 * Where 002 does not give a value the documents hold `null` with a `missing`
 * note; where OCR damaged a value the document holds the resolution of
 * docs/block-data.md (the notes' §11 item) and names the defect.
 */
import unitDataJson from './data/unit-data.json';
import counterMixJson from './data/counter-mix.json';
import hqsJson from './data/hqs.json';
import replacementsJson from './data/replacements.json';
import calendarJson from './data/calendar.json';
import locationsJson from './data/locations.json';
import ocrDefectsJson from './data/ocr-defects.json';
import terrainEffectsJson from './data/terrain-effects.json';
import east1861 from './data/orders-of-battle/east-1861.json';
import east1862 from './data/orders-of-battle/east-1862.json';
import east1863 from './data/orders-of-battle/east-1863.json';
import east1864 from './data/orders-of-battle/east-1864.json';
import west1861 from './data/orders-of-battle/west-1861.json';
import west1862 from './data/orders-of-battle/west-1862.json';
import west1863 from './data/orders-of-battle/west-1863.json';
import west1864 from './data/orders-of-battle/west-1864.json';
import type { Side } from '../../types';

export type Theater = 'east' | 'west';
/** Firepower rating: Fn hits on a die of n or less [2.3][7.31]; null = the unit cannot fire in that context. */
export type Fire = 1 | 2 | 3;
/** A calendar month written YYYY-MM (1861-07 = July 1861). */
export type YearMonth = string;

export type UnitTypeId =
  | 'infantry'
  | 'brigade'
  | 'garrison'
  | 'cavalry'
  | 'artillery'
  | 'heavy-artillery'
  | 'csa-hq'
  | 'usa-hq';

export const UNIT_TYPE_IDS: readonly UnitTypeId[] = [
  'infantry',
  'brigade',
  'garrison',
  'cavalry',
  'artillery',
  'heavy-artillery',
  'csa-hq',
  'usa-hq',
];

/** One row of the battle firepower matrix (notes §2.2), valid from `from` until the next row. */
export interface FireRow {
  from: YearMonth;
  /** Engaged, the unit's side on Offense in that cell [7.31], sb "Offense and Defense". */
  engagedOffense: Fire | null;
  /** Engaged, the unit's side on Defense. */
  engagedDefense: Fire | null;
  /** Unengaged artillery into an enemy cell [7.31]. */
  longRange: Fire | null;
  /** Unengaged, from its own battleline into an adjacent cell [7.34]. */
  enfiladeOwnLine: Fire | null;
  /** Unengaged, from a cell of the enemy battleline [7.34]. */
  enfiladeEnemyLine: Fire | null;
  melee: Fire | null;
}
export type FireContext = Exclude<keyof FireRow, 'from'>;

export interface UnitType {
  id: UnitTypeId;
  label: string;
  sides: Side[];
  /** Hexes per Campaign Turn, Dry and Mud (Unit Data chart). */
  speed: { dry: number; mud: number };
  /** RP cost of a new cadre and of each further step; step null = N/A (Brigades) [12.3][12.4]. */
  replacement: { cadre: number; step: number | null };
  fire: FireRow[];
  /** What changes in fortress battles (Heavy Artillery F2 long range [7.31]). */
  fortressBattle: Partial<Omit<FireRow, 'from'>> | null;
  battle: {
    canEngage: boolean;
    canEnfilade: boolean;
    /** Battle moves per Battle Turn: Cavalry 2 [7.44], Heavy Artillery none [7.31]. */
    battleMoves: number;
    centerOnly: boolean;
    movesOnlyToRetreat: boolean;
    eliminatedInRout: boolean;
    /** Long-range targets: the facing cell (Field Artillery) or any enemy cell incl. the Reserve (Heavy). */
    longRangeTargets: 'facing' | 'any' | null;
  };
  /** 'per-hq': each HQ has its own maximum (hqs.json); 'by-side': the counter mix gives it per side and theater. */
  maxCv: 'per-hq' | 'by-side';
  rules: string[];
  notes: string;
}

export interface UnitDataDocument {
  id: 'unit-data';
  title: string;
  source: string;
  firepower: { description: string; hitsOnOrBelow: Record<'F1' | 'F2' | 'F3', number> };
  longRangeFriendlyFire: { face: number; rule: string; description: string };
  pursuit: {
    rule: string;
    description: string;
    faster: Fire | null;
    same: Fire | null;
    slower: Fire | null;
  };
  types: UnitType[];
}

export interface UnitsSteps {
  units: number;
  steps: number;
}
/** A counter-mix column: units/steps per type id (or 'hq' for all HQs) plus 'totals'. */
export type MixColumn = Partial<Record<UnitTypeId | 'hq' | 'totals', UnitsSteps>>;
export interface MaxCv {
  value: number | null;
  provisional: boolean;
  missing?: string;
  note?: string;
}
export interface CounterMixTable {
  side: Side;
  theater: Theater;
  source: string | null;
  missing?: string;
  columns: Partial<Record<'1861' | '1862' | '1863' | '1864' | 'mix', MixColumn>>;
  maxCv: Partial<Record<UnitTypeId, MaxCv>>;
  printedDisagreements: { column: string; defect: string; description: string }[];
}
export interface CounterMixDocument {
  id: 'counter-mix';
  title: string;
  source: string;
  description: string;
  tables: CounterMixTable[];
}

export const UNIT_DATA = unitDataJson as UnitDataDocument;
export const COUNTER_MIX = counterMixJson as CounterMixDocument;

const typesById = new Map(UNIT_DATA.types.map((t) => [t.id, t]));

/** The Unit Data chart row of a type; throws on an unknown id (the documents are checked, so that is a bug). */
export function unitType(id: UnitTypeId): UnitType {
  const t = typesById.get(id);
  if (!t) throw new Error(`unknown block unit type ${id}`);
  return t;
}

/** The HQ type of a side: the chart has separate CSA and USA HQ rows [2.3]. */
export const hqTypeOf = (side: Side): UnitTypeId => (side === 'union' ? 'usa-hq' : 'csa-hq');

/** YYYY-MM of a year and month (1-12). */
export const yearMonth = (year: number, month: number): YearMonth =>
  `${year}-${String(month).padStart(2, '0')}`;

/** The firepower row in force in a month (Cavalry changes in January 1863 [2.24]). */
export function fireRow(type: UnitType, when: YearMonth): FireRow {
  let row = type.fire[0];
  for (const r of type.fire) if (r.from <= when) row = r;
  return row;
}

/**
 * A unit type's firepower in one battle context (notes §2.2): the row in force
 * that month, with the fortress-battle change where it applies [7.31].
 * null = the unit does not fire in that context.
 */
export function firepower(
  typeId: UnitTypeId,
  context: FireContext,
  when: YearMonth,
  fortressBattle = false,
): Fire | null {
  const type = unitType(typeId);
  const override = fortressBattle ? type.fortressBattle?.[context] : undefined;
  return override !== undefined ? override : fireRow(type, when)[context];
}

/** Does a die face hit at this firepower [2.3]? */
export const isHit = (fire: Fire, face: number): boolean =>
  face <= UNIT_DATA.firepower.hitsOnOrBelow[`F${fire}`];

/** Pursuit firepower from the pursuer's and the slowest retreating unit's speeds [7.14]. */
export function pursuitFire(pursuerSpeed: number, retreatSpeed: number): Fire | null {
  const p = UNIT_DATA.pursuit;
  if (pursuerSpeed > retreatSpeed) return p.faster;
  return pursuerSpeed === retreatSpeed ? p.same : p.slower;
}

/**
 * Maximum CV of a non-HQ block of a side and theater (counter mix); null
 * where 002 gives none (see the table's `missing`). HQs: hqs.json.
 */
export function maxCvOf(side: Side, theater: Theater, typeId: UnitTypeId): MaxCv | null {
  const table = COUNTER_MIX.tables.find((t) => t.side === side && t.theater === theater);
  return table?.maxCv[typeId] ?? null;
}

// ------------------------------------------------------------------ HQs ----

export interface CommandRangeRow {
  from: YearMonth;
  range: number;
  rule: string;
  note?: string;
}
export interface Hq {
  theater: Theater;
  side: Side;
  /** The code of [2.211]/[2.212] (ANV, AP, CW, ...); unique per theater and side. */
  code: string;
  /** Other codes the OBs print for the same block (CSW for CW, MS for the 1862 USA West CU slot). */
  aliases: string[];
  name: string;
  role: 'supreme' | 'field';
  maxCv: number;
  /** null for a Supreme HQ, which has no command range [5.13]. */
  commandRange: CommandRangeRow[] | null;
  rules: string[];
  notes: string;
}
export interface HqsDocument {
  id: 'hqs';
  title: string;
  source: string;
  hqs: Hq[];
}

// --------------------------------------------------------- Replacements ----

export type ChartYear = '1861' | '1862' | '1863' | '1864';
export interface ReplacementRate {
  side: Side;
  theater: Theater;
  perYear: Record<ChartYear, number>;
  footnotes: { mark: number; years: ChartYear[]; text: string; modifier: string }[];
}
export interface ReplacementModifier {
  id: string;
  rule: string;
  appliesTo: { side: Side; theater?: Theater; amount?: number; multiplier?: number }[];
  per: string;
  description: string;
}
export interface ReplacementsDocument {
  id: 'replacements';
  title: string;
  source: string;
  rates: ReplacementRate[];
  laterYears: { rule: string; description: string; useYear: Record<string, ChartYear> };
  modifiers: ReplacementModifier[];
}

// ---------------------------------------------------- Calendar, scenarios ----

export type Weather = 'dry' | 'mud';
export interface BlockScenarioEntry {
  id: string;
  title: string;
  kind: 'scenario' | 'campaign' | 'two-theater';
  theaters: Theater[];
  start: YearMonth;
  /** Last month; null for open-ended campaign games [4.31][4.34]. */
  end: YearMonth | null;
  /** The orders of battle set up at the start (ids of orders-of-battle/*.json). */
  orders: string[];
  /** Printed on the Victory Track, not in 002: always null (victoryTrack.missing). */
  startVp: null;
  emancipationAllowed: boolean;
  rules: string[];
  notes: string;
}
export interface CalendarDocument {
  id: 'calendar';
  title: string;
  source: string;
  weather: {
    rule: string;
    fixed: Record<string, Weather>;
    rolled: Record<string, { startsAs: Weather; odd: Weather; even: Weather }>;
    notes: string;
  };
  victoryTrack: {
    rule: string;
    boxes: string[];
    thresholds: null;
    missing: string;
    tournamentPoints: { rule: string; decisive: number; marginal: number[]; stalemate: number };
  };
  timeVpMonths: { value: null; missing: string };
  cityVps: {
    known: { theater: Theater; location: string; vp: number; rule: string }[];
    missing: string;
  };
  scenarios: BlockScenarioEntry[];
}

// ------------------------------------------------------ Terrain Effects ----

export type HexsideTerrainId =
  'clear' | 'forest' | 'marsh' | 'minor-river' | 'bridge' | 'gap' | 'major-river' | 'mountain';
export type HexTerrainId = 'clear' | 'forest' | 'marsh' | 'mountain';
/** A hexside limit: a number of units, or 'DR', one unit on a successful 50/50 roll [1.31][7.51]. */
export type HexsideLimit = number | 'DR';
export interface HexsideTerrainRow {
  id: HexsideTerrainId;
  label: string;
  /** Units that may attack across per Campaign Turn [1.31]; 0 = impassable to attack. */
  attack: Record<Weather, number>;
  /** Units that may reinforce across per Battle Turn [7.51]. */
  reinforce: Record<Weather, HexsideLimit>;
  stopAfterCrossing: boolean;
  /** Anything but clear, for the Force March roll [5.322]. */
  rough: boolean;
  rules: string[];
  notes: string;
}
export interface HexTerrainRow {
  id: HexTerrainId;
  label: string;
  forage: Record<Weather, number> | null;
  movement: 'no-effect' | 'stop-if-vacant' | 'stop' | 'impassable';
  battleDefense: 'basic' | 'double' | null;
  rules: string[];
}
export interface TerrainEffectsDocument {
  id: 'terrain-effects';
  title: string;
  source: string;
  dieRoll: { rule: string; description: string; successOnOrAbove: number };
  hexsides: HexsideTerrainRow[];
  hexes: HexTerrainRow[];
  settlements: {
    id: 'city' | 'town' | 'fortress';
    label: string;
    forageBonus: number;
    battleDefense: 'other-terrain' | 'double';
    rules: string[];
    notes: string;
  }[];
  retreat: { rule: string; description: string; nightMultiplier: number };
  forceMarch: {
    rule: string;
    description: string;
    successOnOrAbove: Record<Side, number>;
    failureLoss: number;
    modifiers: {
      id: 'cavalry' | 'artillery' | 'rough-hexside' | 'mud';
      amount: number;
      appliesTo: UnitTypeId[] | null;
    }[];
  };
}

// ------------------------------------------------- Locations and defects ----

export interface BlockLocation {
  theater: Theater;
  id: string;
  name: string;
  /** Every spelling the OBs print for it. */
  printed: string[];
  note?: string;
}
export interface LocationsDocument {
  id: 'locations';
  title: string;
  source: string;
  description: string;
  locations: BlockLocation[];
}
export interface OcrDefect {
  /** The notes' §11 id (A1–A85), or B1… for a defect found in the seed but not in the notes. */
  id: string;
  severity: 'H' | 'M' | 'L';
  seedLines: string;
  damage: string;
  resolution: string;
  /** Ids of the documents that apply the resolution. */
  documents: string[];
}
export interface OcrDefectsDocument {
  id: 'ocr-defects';
  title: string;
  source: string;
  defects: OcrDefect[];
}

// ---------------------------------------------------- Orders of battle ----

export interface DefectResolution {
  defect: string;
  field: 'type' | 'cv' | 'location' | 'name';
  printed: string | null;
  /** True where the value is a proposal to verify against the physical game. */
  provisional: boolean;
  /** The provisional value where the unit's own field is null (002 does not give it). */
  value?: string | number;
  note: string;
}
export interface ObUnit {
  /** Unique within its order of battle. */
  id: string;
  /** The historical label as printed; null for a generic block ("Guns" is kept as printed). */
  name: string | null;
  /** null only where OCR lost it (then `missing` and `resolutions` say so). */
  type: UnitTypeId | null;
  /** The HQ code (hqs.json) of an HQ block. */
  hq?: string;
  /** The code the OB prints where it differs from `hq` (an alias). */
  printedHq?: string;
  cv: number | null;
  /** A location id of locations.json in the OB's theater; null where illegible. */
  location: string | null;
  /** The seed (002) line the row was read from. */
  line: number;
  /** The command header the row is printed under. */
  command: string | null;
  /** Forrest, the CSA West cavalry block marked F [2.241]. */
  forrest?: true;
  defects?: string[];
  missing?: string;
  resolutions?: DefectResolution[];
}
export interface ObLocation {
  location: string;
  printed: string;
  /** The printed block count "(n)" of the location; null where not printed or lost. */
  count: number | null;
  line: number;
  missing?: string;
  defects?: string[];
  note?: string;
}
export interface ObSide {
  source: string;
  locations: ObLocation[];
  units: ObUnit[];
}
export interface ObForce {
  id: string;
  /** null for the neutral Kentucky militia, whose side is decided by who violates neutrality [4.56]. */
  side: Side | null;
  kind: 'emergency' | 'reinforcement' | 'neutral-militia';
  available: YearMonth;
  rule: string;
  line: number;
  description: string;
  placement: string;
  historicalLocation: string | null;
  vpCost: Record<string, unknown> | null;
  units: ObUnit[];
}
export interface ObEvent {
  id: string;
  when: YearMonth | null;
  until?: YearMonth;
  line: number;
  rule: string;
  description: string;
}
export interface OrderOfBattleDocument {
  id: string;
  title: string;
  theater: Theater;
  year: number;
  start: YearMonth;
  source: string;
  sides: Record<Side, ObSide>;
  forces: ObForce[];
  events: ObEvent[];
  dropped: { line: number; printed: string; defect: string | null; note?: string }[];
}

export const HQS = hqsJson as HqsDocument;
export const REPLACEMENTS = replacementsJson as ReplacementsDocument;
export const CALENDAR = calendarJson as CalendarDocument;
export const LOCATIONS = locationsJson as LocationsDocument;
export const OCR_DEFECTS = ocrDefectsJson as OcrDefectsDocument;
export const TERRAIN_EFFECTS = terrainEffectsJson as TerrainEffectsDocument;
export const ORDERS_OF_BATTLE: readonly OrderOfBattleDocument[] = [
  east1861,
  east1862,
  east1863,
  east1864,
  west1861,
  west1862,
  west1863,
  west1864,
] as OrderOfBattleDocument[];

/** The HQ of a side and theater by its code or a printed alias; undefined if none. */
export function hqByCode(theater: Theater, side: Side, code: string): Hq | undefined {
  return HQS.hqs.find(
    (h) =>
      h.theater === theater && h.side === side && (h.code === code || h.aliases.includes(code)),
  );
}

/** An HQ's command range in a month (ANV 3 from June 1862, AP 2 from March 1864 [5.121]); null for a Supreme HQ. */
export function commandRange(hq: Hq, when: YearMonth): number | null {
  if (!hq.commandRange) return null;
  let range = hq.commandRange[0].range;
  for (const r of hq.commandRange) if (r.from <= when) range = r.range;
  return range;
}

/** The chart year whose rates apply in a year (1865 and 1866 use 1864 [4.34]). */
function chartYear(year: number): ChartYear | undefined {
  const y = String(year);
  if (y === '1861' || y === '1862' || y === '1863' || y === '1864') return y;
  return REPLACEMENTS.laterYears.useYear[y];
}

/** Scheduled RPs per month of a side in a theater and year, before modifiers [12.2]; undefined outside the chart. */
export function scheduledRps(side: Side, theater: Theater, year: number): number | undefined {
  const y = chartYear(year);
  const rate = REPLACEMENTS.rates.find((r) => r.side === side && r.theater === theater);
  return y && rate ? rate.perYear[y] : undefined;
}

/** A hexside's Terrain Effects row; throws on an unknown id (the documents are checked). */
export function hexsideTerrain(id: HexsideTerrainId): HexsideTerrainRow {
  const row = TERRAIN_EFFECTS.hexsides.find((h) => h.id === id);
  if (!row) throw new Error(`unknown hexside terrain ${id}`);
  return row;
}

/** Attack limit per Campaign Turn [1.31]; also the retreat limit per Battle Turn by day, doubled at Night [7.12]. */
export function attackLimit(id: HexsideTerrainId, weather: Weather, night = false): number {
  return hexsideTerrain(id).attack[weather] * (night ? TERRAIN_EFFECTS.retreat.nightMultiplier : 1);
}

/** Reinforce limit per Battle Turn [7.51]: units, or 'DR'. */
export function reinforceLimit(id: HexsideTerrainId, weather: Weather): HexsideLimit {
  return hexsideTerrain(id).reinforce[weather];
}

/** Forage limit of an unsupplied hex [11.2]: terrain, plus City +2 / Town +1 (not affected by Mud); null if impassable. */
export function forageLimit(
  hex: HexTerrainId,
  settlement: 'city' | 'town' | null,
  weather: Weather,
): number | null {
  const base = TERRAIN_EFFECTS.hexes.find((h) => h.id === hex)?.forage?.[weather];
  if (base === undefined) return null;
  const bonus = settlement
    ? (TERRAIN_EFFECTS.settlements.find((s) => s.id === settlement)?.forageBonus ?? 0)
    : 0;
  return base + bonus;
}

/** The Force March die modifier [5.322]: Cavalry +1, Artillery -1 (Heavy too, A18), rough hexside -1, Mud -1. */
export function forceMarchModifier(
  type: UnitTypeId,
  roughHexside: boolean,
  weather: Weather,
): number {
  let m = 0;
  for (const mod of TERRAIN_EFFECTS.forceMarch.modifiers) {
    if (
      mod.appliesTo
        ? mod.appliesTo.includes(type)
        : mod.id === 'mud'
          ? weather === 'mud'
          : roughHexside
    )
      m += mod.amount;
  }
  return m;
}

/** Does a modified Force March roll succeed for a side (USA 5–6, CSA 4–6) [5.322]? */
export const forceMarchSucceeds = (side: Side, modifiedRoll: number): boolean =>
  modifiedRoll >= TERRAIN_EFFECTS.forceMarch.successOnOrAbove[side];

/** The order of battle with this id (east-1861 ... west-1864). */
export function orderOfBattle(id: string): OrderOfBattleDocument | undefined {
  return ORDERS_OF_BATTLE.find((o) => o.id === id);
}

// ------------------------------------------------------ cross-references ----

/** Every block data document, as the checks below read them. */
export interface BlockDataSet {
  unitData: UnitDataDocument;
  counterMix: CounterMixDocument;
  hqs: HqsDocument;
  replacements: ReplacementsDocument;
  calendar: CalendarDocument;
  locations: LocationsDocument;
  ocrDefects: OcrDefectsDocument;
  terrainEffects: TerrainEffectsDocument;
  ordersOfBattle: readonly OrderOfBattleDocument[];
}

export const BLOCK_DATA: BlockDataSet = {
  unitData: UNIT_DATA,
  counterMix: COUNTER_MIX,
  hqs: HQS,
  replacements: REPLACEMENTS,
  calendar: CALENDAR,
  locations: LOCATIONS,
  ocrDefects: OCR_DEFECTS,
  terrainEffects: TERRAIN_EFFECTS,
  ordersOfBattle: ORDERS_OF_BATTLE,
};

export interface DataProblem {
  document: string;
  path: string;
  message: string;
}

export type MixKey = keyof MixColumn;
const COLUMN_TYPES = (c: MixColumn) =>
  (Object.keys(c) as MixKey[]).filter((k) => k !== 'totals').sort();
const mixKeyOf = (type: UnitTypeId): MixKey => (type.endsWith('-hq') ? 'hq' : type);

/** Units and steps per counter-mix row of one side's starting OB (units with a lost type or CV are left out). */
export function obMix(ob: OrderOfBattleDocument, side: Side): MixColumn {
  const mix: MixColumn = { totals: { units: 0, steps: 0 } };
  for (const u of ob.sides[side].units) {
    if (!u.type || u.cv === null) continue;
    const row = (mix[mixKeyOf(u.type)] ??= { units: 0, steps: 0 });
    row.units += 1;
    row.steps += u.cv;
    mix.totals!.units += 1;
    mix.totals!.steps += u.cv;
  }
  return mix;
}

/**
 * What a JSON Schema cannot check, across all the documents: firepower rows
 * in date order; counter-mix columns add up (or their disagreement is
 * recorded); max CV = Mix steps / units (notes §2.3); every OB unit's type
 * is in the Unit Data chart for that side, every HQ code is an HQ of that
 * side and theater, no CV exceeds its maximum, every location is in the
 * gazetteer, printed location counts match the unit rows (or the defect is
 * recorded), each starting OB adds up to its counter-mix column, every
 * defect cited is in ocr-defects.json, and every scenario names existing OBs.
 */
export function crossCheckBlockData(data: BlockDataSet): DataProblem[] {
  const problems: DataProblem[] = [];
  const add = (document: string, path: string, message: string) =>
    problems.push({ document, path, message });

  // Unit Data chart
  const typesById = new Map(data.unitData.types.map((t) => [t.id, t]));
  data.unitData.types.forEach((t, i) => {
    if (data.unitData.types.findIndex((o) => o.id === t.id) !== i)
      add('unit-data', `types[${i}].id`, `type ${t.id} is listed twice`);
    t.fire.forEach((r, j) => {
      if (j > 0 && r.from <= t.fire[j - 1].from)
        add(
          'unit-data',
          `types[${i}].fire[${j}].from`,
          `${t.id}: firepower rows out of date order`,
        );
    });
    if (t.fire[0] && t.fire[0].from > '1861-01')
      add(
        'unit-data',
        `types[${i}].fire[0].from`,
        `${t.id}: no firepower before ${t.fire[0].from}`,
      );
    if ((t.maxCv === 'per-hq') !== t.id.endsWith('-hq'))
      add('unit-data', `types[${i}].maxCv`, `${t.id}: only HQs have a per-HQ maximum CV`);
  });
  for (const id of UNIT_TYPE_IDS)
    if (!typesById.has(id)) add('unit-data', 'types', `the Unit Data chart has no ${id} row`);

  // Counter mix
  data.counterMix.tables.forEach((table, i) => {
    const where = `tables[${i}]`;
    const name = `${table.side} ${table.theater}`;
    for (const [col, column] of Object.entries(table.columns) as [string, MixColumn][]) {
      const sum = { units: 0, steps: 0 };
      for (const k of COLUMN_TYPES(column)) {
        sum.units += column[k]!.units;
        sum.steps += column[k]!.steps;
      }
      const agrees = sum.units === column.totals!.units && sum.steps === column.totals!.steps;
      const recorded = table.printedDisagreements.some((d) => d.column === col);
      if (!agrees && !recorded)
        add(
          'counter-mix',
          `${where}.columns.${col}`,
          `${name} ${col}: rows sum to ${sum.units}/${sum.steps}, totals print ${column.totals!.units}/${column.totals!.steps}`,
        );
      if (agrees && recorded)
        add(
          'counter-mix',
          `${where}.printedDisagreements`,
          `${name} ${col}: recorded as disagreeing but it adds up`,
        );
    }
    const mix = table.columns.mix;
    for (const [typeId, max] of Object.entries(table.maxCv) as [UnitTypeId, MaxCv][]) {
      const type = typesById.get(typeId);
      if (!type) add('counter-mix', `${where}.maxCv.${typeId}`, `unknown unit type ${typeId}`);
      else if (!type.sides.includes(table.side))
        add('counter-mix', `${where}.maxCv.${typeId}`, `${typeId} is not a ${table.side} type`);
      const printed = mix?.[typeId];
      if (!printed || printed.units === 0 || max.provisional) continue;
      if (max.value !== printed.steps / printed.units)
        add(
          'counter-mix',
          `${where}.maxCv.${typeId}`,
          `${name} ${typeId}: maximum ${max.value} but the Mix prints ${printed.units}/${printed.steps}`,
        );
    }
  });

  // HQs
  data.hqs.hqs.forEach((h, i) => {
    const codes = [h.code, ...h.aliases];
    const clash = data.hqs.hqs.find(
      (o, j) =>
        j !== i &&
        o.theater === h.theater &&
        o.side === h.side &&
        [o.code, ...o.aliases].some((c) => codes.includes(c)),
    );
    if (clash)
      add(
        'hqs',
        `hqs[${i}].code`,
        `${h.theater} ${h.side} ${h.code} shares a code with ${clash.code}`,
      );
    h.commandRange?.forEach((r, j, rows) => {
      if (j > 0 && r.from <= rows[j - 1].from)
        add(
          'hqs',
          `hqs[${i}].commandRange[${j}]`,
          `${h.code}: command range rows out of date order`,
        );
    });
  });
  for (const theater of ['east', 'west'] as const)
    for (const side of ['union', 'confederate'] as const) {
      const hqs = data.hqs.hqs.filter((h) => h.theater === theater && h.side === side);
      // [2.21]: four HQs per side per theater, one of them Supreme
      if (hqs.length !== 4 || hqs.filter((h) => h.role === 'supreme').length !== 1)
        add(
          'hqs',
          'hqs',
          `${theater} ${side}: [2.21] wants four HQs, one Supreme; found ${hqs.length}`,
        );
      const table = data.counterMix.tables.find((t) => t.theater === theater && t.side === side);
      const printed = table?.columns.mix?.hq;
      const steps = hqs.reduce((n, h) => n + h.maxCv, 0);
      if (printed && (printed.units !== hqs.length || printed.steps !== steps))
        add(
          'hqs',
          'hqs',
          `${theater} ${side}: HQ maxima sum to ${hqs.length}/${steps}, the Mix prints ${printed.units}/${printed.steps}`,
        );
    }

  // Replacements
  for (const theater of ['east', 'west'] as const)
    for (const side of ['union', 'confederate'] as const)
      if (
        data.replacements.rates.filter((r) => r.side === side && r.theater === theater).length !== 1
      )
        add('replacements', 'rates', `${theater} ${side}: expected exactly one rate row`);
  data.replacements.rates.forEach((r, i) =>
    r.footnotes.forEach((f, j) => {
      if (!data.replacements.modifiers.some((m) => m.id === f.modifier))
        add(
          'replacements',
          `rates[${i}].footnotes[${j}].modifier`,
          `unknown modifier ${f.modifier}`,
        );
    }),
  );

  // Locations
  const locationKeys = new Set<string>();
  data.locations.locations.forEach((l, i) => {
    const key = `${l.theater}:${l.id}`;
    if (locationKeys.has(key)) add('locations', `locations[${i}].id`, `${key} is listed twice`);
    locationKeys.add(key);
  });

  // Defects
  const defectIds = new Set(data.ocrDefects.defects.map((d) => d.id));
  const documentIds = new Set([
    'unit-data',
    'counter-mix',
    'hqs',
    'replacements',
    'calendar',
    'locations',
    'terrain-effects',
    ...data.ordersOfBattle.map((o) => o.id),
  ]);
  data.ocrDefects.defects.forEach((d, i) =>
    d.documents.forEach((doc) => {
      if (!documentIds.has(doc))
        add('ocr-defects', `defects[${i}].documents`, `${d.id}: unknown document ${doc}`);
    }),
  );
  const citeDefect = (document: string, path: string, id: string | null | undefined) => {
    if (id && !defectIds.has(id)) add(document, path, `defect ${id} is not in ocr-defects.json`);
    if (id && !data.ocrDefects.defects.find((d) => d.id === id)?.documents.includes(document))
      add(document, path, `defect ${id} does not list ${document} among its documents`);
  };
  data.counterMix.tables.forEach((t, i) =>
    t.printedDisagreements.forEach((d, j) =>
      citeDefect('counter-mix', `tables[${i}].printedDisagreements[${j}]`, d.defect),
    ),
  );

  // Orders of battle
  for (const ob of data.ordersOfBattle) problems.push(...crossCheckOrderOfBattle(ob, data));

  // Terrain Effects
  const te = data.terrainEffects;
  te.hexsides.forEach((h, i) => {
    if (te.hexsides.findIndex((o) => o.id === h.id) !== i)
      add('terrain-effects', `hexsides[${i}].id`, `${h.id} is listed twice`);
    // Mud never raises a limit [4.42]; 'DR' lies between 1 and 0.
    const rank = (l: HexsideLimit) => (l === 'DR' ? 0.5 : l);
    if (h.attack.mud > h.attack.dry || rank(h.reinforce.mud) > rank(h.reinforce.dry))
      add('terrain-effects', `hexsides[${i}]`, `${h.id}: a Mud limit above its Dry limit`);
    if (h.rough === (h.id === 'clear'))
      add(
        'terrain-effects',
        `hexsides[${i}].rough`,
        `${h.id}: rough means anything but clear [5.322]`,
      );
  });
  for (const m of te.forceMarch.modifiers)
    for (const t of m.appliesTo ?? [])
      if (!typesById.has(t))
        add('terrain-effects', 'forceMarch.modifiers', `${m.id}: unknown unit type ${t}`);

  // Calendar
  data.calendar.scenarios.forEach((s, i) => {
    s.orders.forEach((o) => {
      const ob = data.ordersOfBattle.find((x) => x.id === o);
      if (!ob) add('calendar', `scenarios[${i}].orders`, `${s.id}: no order of battle ${o}`);
      else if (!s.theaters.includes(ob.theater))
        add('calendar', `scenarios[${i}].orders`, `${s.id}: ${o} is not in its theaters`);
      else if (ob.start !== s.start)
        add(
          'calendar',
          `scenarios[${i}].start`,
          `${s.id} starts ${s.start}, its OB ${o} ${ob.start}`,
        );
    });
    if (s.end !== null && s.end < s.start)
      add('calendar', `scenarios[${i}].end`, `${s.id} ends before it starts`);
  });
  const months = [
    ...Object.keys(data.calendar.weather.fixed),
    ...Object.keys(data.calendar.weather.rolled),
  ].sort();
  if (months.join() !== '01,02,03,04,05,06,07,08,09,10,11,12')
    add('calendar', 'weather', 'every month is either fixed or rolled, once [4.41]');
  return problems;
}

// --------------------------------------------------- OB unit references ----

/** Where an OB unit stands in the documents: its OB, its side (null for the neutral militia) and the unit. */
export interface ObUnitRef {
  ob: OrderOfBattleDocument;
  side: Side | null;
  /** The force it belongs to, for units outside the starting setup (emergency forces, Longstreet's Corps, militia). */
  force: string | null;
  unit: ObUnit;
}

/** An OB unit by its OB id and unit id (e.g. east-1861 / usa-mcdowell), in the setup or a force. */
export function findObUnit(orderId: string, unitId: string): ObUnitRef | undefined {
  const ob = orderOfBattle(orderId);
  if (!ob) return undefined;
  for (const side of ['union', 'confederate'] as const) {
    const unit = ob.sides[side].units.find((u) => u.id === unitId);
    if (unit) return { ob, side, force: null, unit };
  }
  for (const f of ob.forces) {
    const unit = f.units.find((u) => u.id === unitId);
    if (unit) return { ob, side: f.side, force: f.id, unit };
  }
  return undefined;
}

/**
 * The maximum CV of a block [2.4]: an HQ's own (hqs.json), else its type's
 * for the side and theater (counter mix). null where 002 does not give one.
 */
export function blockMaxCv(
  theater: Theater,
  side: Side,
  block: { type: UnitTypeId; hq?: string },
): number | null {
  if (unitType(block.type).maxCv === 'per-hq')
    return (block.hq && hqByCode(theater, side, block.hq)?.maxCv) || null;
  return maxCvOf(side, theater, block.type)?.value ?? null;
}

// ----------------------------------------------------- Spare blocks [4.23] ----

export interface SpareBlocks {
  /** Unbuilt non-HQ blocks per counter-mix row (Mix units minus the starting OB's). */
  units: Partial<Record<Exclude<MixKey, 'hq' | 'totals'>, number>>;
  /** HQ codes of the side and theater that the starting OB does not field. */
  hqs: string[];
}

/**
 * The spare blocks of a side at the start of a scenario [4.23]: the full
 * counter set (Mix) less the starting OB; they go to the Victory Track as the
 * pool of unbuilt blocks, public by count (notes A81). undefined where 002
 * prints no Mix for that side and theater (USA West, A40). Brigades are the
 * CSA East blocks, buildable in either theater [2.221].
 */
export function spareBlocks(orderId: string, side: Side): SpareBlocks | undefined {
  const ob = orderOfBattle(orderId);
  const mix =
    ob && COUNTER_MIX.tables.find((t) => t.side === side && t.theater === ob.theater)?.columns.mix;
  if (!ob || !mix) return undefined;
  const fielded = obMix(ob, side);
  const units: SpareBlocks['units'] = {};
  for (const k of COLUMN_TYPES(mix)) {
    if (k === 'hq') continue;
    units[k] = mix[k]!.units - (fielded[k]?.units ?? 0);
  }
  const codes = new Set(ob.sides[side].units.map((u) => u.hq).filter((c): c is string => !!c));
  const hqs = HQS.hqs
    .filter((h) => h.theater === ob.theater && h.side === side && !codes.has(h.code))
    .map((h) => h.code);
  return { units, hqs };
}

/**
 * The cross-references of one order of battle against the other documents
 * (by default the built-in ones): unit ids unique; every type in the Unit
 * Data chart for its side; HQ codes and printed aliases; CV within the
 * block maximum; Forrest only on the CSA West cavalry; locations in the
 * gazetteer; printed location counts equal to the unit rows unless the
 * defect is recorded; the starting OB equal to its year's counter-mix
 * column; every defect cited registered for this document. A service can
 * run it on an uploaded OB after its JSON Schema.
 */
export function crossCheckOrderOfBattle(
  ob: OrderOfBattleDocument,
  data: BlockDataSet = BLOCK_DATA,
): DataProblem[] {
  const problems: DataProblem[] = [];
  const add = (document: string, path: string, message: string) =>
    problems.push({ document, path, message });
  const typesById = new Map(data.unitData.types.map((t) => [t.id, t]));
  const locationKeys = new Set(data.locations.locations.map((l) => `${l.theater}:${l.id}`));
  const citeDefect = (document: string, path: string, id: string | null | undefined) => {
    const defect = id ? data.ocrDefects.defects.find((d) => d.id === id) : undefined;
    if (id && !defect) add(document, path, `defect ${id} is not in ocr-defects.json`);
    else if (id && !defect!.documents.includes(document))
      add(document, path, `defect ${id} does not list ${document} among its documents`);
  };
  const doc = ob.id;
  if (ob.id !== `${ob.theater}-${ob.year}`) add(doc, 'id', `id should be ${ob.theater}-${ob.year}`);
  const ids = new Set<string>();
  const checkUnit = (u: ObUnit, side: Side | null, path: string) => {
    if (ids.has(u.id)) add(doc, `${path}.id`, `unit id ${u.id} is used twice`);
    ids.add(u.id);
    u.defects?.forEach((d) => citeDefect(doc, `${path}.defects`, d));
    u.resolutions?.forEach((r) => citeDefect(doc, `${path}.resolutions`, r.defect));
    if (u.location !== null && !locationKeys.has(`${ob.theater}:${u.location}`))
      add(
        doc,
        `${path}.location`,
        `${u.id}: ${ob.theater} location ${u.location} is not in locations.json`,
      );
    if (!u.type) return;
    const type = typesById.get(u.type);
    if (!type)
      return add(doc, `${path}.type`, `${u.id}: type ${u.type} is not in the Unit Data chart`);
    if (side && !type.sides.includes(side))
      add(doc, `${path}.type`, `${u.id}: ${u.type} is not a ${side} type`);
    let max: number | null | undefined;
    if (type.maxCv === 'per-hq') {
      const hq =
        side && u.hq
          ? data.hqs.hqs.find((h) => h.theater === ob.theater && h.side === side && h.code === u.hq)
          : undefined;
      if (!hq)
        return add(doc, `${path}.hq`, `${u.id}: ${u.hq} is not a ${ob.theater} ${side} HQ code`);
      if (u.printedHq && !hq.aliases.includes(u.printedHq))
        add(doc, `${path}.printedHq`, `${u.id}: ${u.printedHq} is not an alias of ${hq.code}`);
      max = hq.maxCv;
    } else if (side) {
      const table = data.counterMix.tables.find((t) => t.side === side && t.theater === ob.theater);
      max = table?.maxCv[u.type]?.value;
      if (max === null)
        add(doc, `${path}.type`, `${u.id}: ${ob.theater} ${side} has no ${u.type} block`);
    }
    if (u.cv !== null && typeof max === 'number' && u.cv > max)
      add(doc, `${path}.cv`, `${u.id}: CV ${u.cv} exceeds the maximum ${max}`);
    if (u.forrest && !(side === 'confederate' && ob.theater === 'west' && u.type === 'cavalry'))
      add(doc, `${path}.forrest`, `${u.id}: Forrest is the CSA West cavalry block [2.241]`);
  };
  for (const side of ['union', 'confederate'] as const) {
    const setup = ob.sides[side];
    setup.units.forEach((u, i) => checkUnit(u, side, `sides.${side}.units[${i}]`));
    setup.locations.forEach((l, i) => {
      const path = `sides.${side}.locations[${i}]`;
      if (!locationKeys.has(`${ob.theater}:${l.location}`))
        add(doc, path, `${ob.theater} location ${l.location} is not in locations.json`);
      l.defects?.forEach((d) => citeDefect(doc, `${path}.defects`, d));
      const listed = setup.units.filter((u) => u.location === l.location).length;
      const agrees = l.count === null || l.count === listed;
      if (!agrees && !l.defects)
        add(
          doc,
          path,
          `${side} ${l.printed}: printed (${l.count}) but ${listed} units are listed there`,
        );
      if (agrees && l.defects && l.count !== null)
        add(doc, path, `${side} ${l.printed}: a count defect is recorded but (${l.count}) matches`);
    });
    for (const u of setup.units)
      if (u.location !== null && !setup.locations.some((l) => l.location === u.location))
        add(
          doc,
          `sides.${side}.locations`,
          `${side} ${u.location} has units but no location entry`,
        );
    // The starting OB adds up to its year's counter-mix column (notes §9.2).
    const table = data.counterMix.tables.find((t) => t.side === side && t.theater === ob.theater);
    const column = table?.columns[String(ob.year) as ChartYear];
    if (column && !table!.printedDisagreements.some((d) => d.column === String(ob.year))) {
      const mix = obMix(ob, side);
      for (const k of new Set([...COLUMN_TYPES(column), ...COLUMN_TYPES(mix), 'totals' as const])) {
        const want = column[k] ?? { units: 0, steps: 0 };
        const got = mix[k] ?? { units: 0, steps: 0 };
        if (want.units !== got.units || want.steps !== got.steps)
          add(
            doc,
            `sides.${side}`,
            `${side} ${k}: the OB lists ${got.units}/${got.steps}, the ${ob.year} table prints ${want.units}/${want.steps}`,
          );
      }
    }
  }
  ob.forces.forEach((f, i) => {
    f.units.forEach((u, j) => checkUnit(u, f.side, `forces[${i}].units[${j}]`));
    if (f.historicalLocation && !locationKeys.has(`${ob.theater}:${f.historicalLocation}`))
      add(
        doc,
        `forces[${i}].historicalLocation`,
        `${f.historicalLocation} is not in locations.json`,
      );
  });
  ob.dropped.forEach((d, i) => citeDefect(doc, `dropped[${i}]`, d.defect));
  return problems;
}

// ------------------------------------------------------- Calendar access ----

/**
 * The weather a month starts with [4.41]: December–March Mud, May–October
 * Dry (notes A24); November starts Dry and April Mud, and in those two
 * months (only) each Campaign Turn rolls until the weather changes.
 */
export function monthWeather(when: YearMonth): { weather: Weather; rolls: boolean } {
  const month = when.slice(5, 7);
  const rolled = CALENDAR.weather.rolled[month];
  if (rolled) return { weather: rolled.startsAs, rolls: true };
  return { weather: CALENDAR.weather.fixed[month], rolls: false };
}

/** The weather a weather-month roll gives: odd and even faces per the WEATHER chart [4.41]. */
export function rolledWeather(when: YearMonth, face: number): Weather | undefined {
  const rolled = CALENDAR.weather.rolled[when.slice(5, 7)];
  return rolled && (face % 2 === 1 ? rolled.odd : rolled.even);
}

/** A scenario or campaign game of calendar.json by id (east-1861, west-campaign, two-theater, ...). */
export function blockScenario(id: string): BlockScenarioEntry | undefined {
  return CALENDAR.scenarios.find((s) => s.id === id);
}
