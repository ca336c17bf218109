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

// ------------------------------------------------------ cross-references ----

/** Every block data document, as the checks below read them. */
export interface BlockDataSet {
  unitData: UnitDataDocument;
  counterMix: CounterMixDocument;
}

export const BLOCK_DATA: BlockDataSet = { unitData: UNIT_DATA, counterMix: COUNTER_MIX };

export interface DataProblem {
  document: string;
  path: string;
  message: string;
}

const COLUMN_TYPES = (c: MixColumn) =>
  (Object.keys(c) as (keyof MixColumn)[]).filter((k) => k !== 'totals').sort();

/**
 * What a JSON Schema cannot check: the firepower rows are in date order and
 * start with the game, every type id is unique, each counter-mix column adds
 * up to its printed totals (or the disagreement is recorded with its defect),
 * and every non-HQ maximum CV equals the Mix steps / units (notes §2.3).
 */
export function crossCheckBlockData(data: BlockDataSet): DataProblem[] {
  const problems: DataProblem[] = [];
  const add = (document: string, path: string, message: string) =>
    problems.push({ document, path, message });

  const seen = new Set<string>();
  data.unitData.types.forEach((t, i) => {
    if (seen.has(t.id)) add('unit-data', `types[${i}].id`, `type ${t.id} is listed twice`);
    seen.add(t.id);
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
    if (!seen.has(id)) add('unit-data', 'types', `the Unit Data chart has no ${id} row`);

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
      const type = data.unitData.types.find((t) => t.id === typeId);
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
  return problems;
}
