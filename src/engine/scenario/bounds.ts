/**
 * The size bounds of scenario and map documents (custom uploads, and a game's
 * supplied counters merged into its scenario). Checked before the JSON Schemas
 * and before anything is built from the documents, on data of unknown shape:
 * a map joining 1000 sheets of 100×100 hexes (a 186 KiB body) used to be built
 * hex by hex until the heap ran out, a unit with movement 1000 listed 100 000
 * orders, and 6000 automatic-victory conditions took 7 s after every order.
 *
 * Each bound sits well above what the shipped scenarios need (the largest: 2
 * sheets, 1860 hexes, 99 units, 18 exclusive rules, movement 10, strength 20,
 * 304 hexes in one hook list) and low enough that preparing a game, listing its
 * orders and checking its victory stay in milliseconds. Over a bound: a problem
 * naming the bound, at the path that breaks it.
 */
import type { DocumentError } from './validate';

export const SCENARIO_BOUNDS = {
  /** Sheets of a joined map (`map.grid`). */
  maxSheets: 8,
  /** Hexes of the whole map: the rectangles of its sheets, added up. */
  maxMapHexes: 20_000,
  /** Hexsides listed with features (`map.hexsides`). */
  maxHexsides: 20_000,
  /** Routes (`map.routes`), and hexes in one route. */
  maxRoutes: 1_000,
  maxRouteHexes: 2_000,
  /** Units of a scenario, supplied counters included. */
  maxUnits: 500,
  /** Exclusive rules (`specialRules`). */
  maxSpecialRules: 64,
  /** Items of any other list, in either document (hook parameter lists included). */
  maxListItems: 2_000,
  /** Values (objects, lists, scalars) in one exclusive rule's parameters. */
  maxHookParamValues: 10_000,
  /** Values in the victory spec (its point rules, levels and nested conditions). */
  maxVictoryValues: 2_000,
  /**
   * Conditions of the automatic-victory hook checked after every order: each
   * may trace a Line of Communication across the map after every order.
   */
  maxAutomaticVictoryConditions: 32,
  /** Printed combat strength (and reduced strength) of a unit: odds stay finite, sums exact. */
  maxStrength: 99,
  /** Printed movement allowance of a unit: bounds the hexes one unit can reach in one listing. */
  maxMovement: 30,
  /** Game-Turns of a scenario. */
  maxTurns: 100,
} as const;

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Lists whose own bound is not maxListItems: path (with `[]` for any index) → bound. */
const LIST_BOUNDS: Record<string, { max: number; name: keyof typeof SCENARIO_BOUNDS }> = {
  'scenario.units': { max: SCENARIO_BOUNDS.maxUnits, name: 'maxUnits' },
  'scenario.specialRules': { max: SCENARIO_BOUNDS.maxSpecialRules, name: 'maxSpecialRules' },
  'map.grid': { max: SCENARIO_BOUNDS.maxSheets, name: 'maxSheets' },
  'map.hexsides': { max: SCENARIO_BOUNDS.maxHexsides, name: 'maxHexsides' },
  'map.routes': { max: SCENARIO_BOUNDS.maxRoutes, name: 'maxRoutes' },
  'map.routes[].hexes': { max: SCENARIO_BOUNDS.maxRouteHexes, name: 'maxRouteHexes' },
  'map.grid[].layout.missing': { max: SCENARIO_BOUNDS.maxMapHexes, name: 'maxMapHexes' },
  'map.grid.missing': { max: SCENARIO_BOUNDS.maxMapHexes, name: 'maxMapHexes' },
};

/** Objects whose key count is bounded: `map.hexes` lists hexes by label. */
const OBJECT_BOUNDS: Record<string, { max: number; name: keyof typeof SCENARIO_BOUNDS }> = {
  'map.hexes': { max: SCENARIO_BOUNDS.maxMapHexes, name: 'maxMapHexes' },
};

function problem(
  document: DocumentError['document'],
  path: string,
  name: keyof typeof SCENARIO_BOUNDS,
  what: string,
): DocumentError {
  return {
    document,
    path: path || `(${document})`,
    message: `${what}: over the bound ${name} = ${SCENARIO_BOUNDS[name]} (see the README's reliability table)`,
  };
}

/**
 * Walks a document iteratively (no recursion: the body is at most 64 levels
 * deep, but this must never throw) checking list lengths and object sizes.
 */
function walk(
  document: DocumentError['document'],
  root: Json,
  rootKey: string,
  errors: DocumentError[],
): void {
  const stack: Array<{ value: Json; path: string; pattern: string }> = [
    { value: root, path: '', pattern: rootKey },
  ];
  while (stack.length > 0) {
    const { value, path, pattern } = stack.pop()!;
    if (Array.isArray(value)) {
      const bound = LIST_BOUNDS[pattern];
      const max = bound?.max ?? SCENARIO_BOUNDS.maxListItems;
      if (value.length > max) {
        errors.push(
          problem(document, path, bound?.name ?? 'maxListItems', `${value.length} items`),
        );
        continue;
      }
      for (let i = 0; i < value.length; i++) {
        stack.push({
          value: value[i],
          path: `${path}[${i}]`,
          pattern: `${pattern}[]`,
        });
      }
    } else if (isObject(value)) {
      const keys = Object.keys(value);
      const bound = OBJECT_BOUNDS[pattern];
      if (bound && keys.length > bound.max) {
        errors.push(problem(document, path, bound.name, `${keys.length} entries`));
        continue;
      }
      for (const k of keys) {
        const childPath = path ? `${path}.${k}` : k;
        stack.push({
          value: value[k],
          path: childPath,
          // Keys of map.hexes are labels: one pattern for all of them.
          pattern: bound ? `${pattern}.*` : `${pattern}.${k}`,
        });
      }
    }
  }
}

function countValues(root: Json): number {
  let n = 0;
  const stack: Json[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    n++;
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (isObject(v)) for (const k of Object.keys(v)) stack.push(v[k]);
  }
  return n;
}

/** The area of a map's sheets, from their printed column and row ranges (0 for what is not shaped like one). */
export function mapArea(grid: Json): number {
  const sheets = Array.isArray(grid)
    ? grid.map((s) => (isObject(s) ? s.layout : undefined))
    : [grid];
  let area = 0;
  for (const layout of sheets) {
    if (!isObject(layout) || !isObject(layout.columns) || !isObject(layout.rows)) continue;
    const span = (r: Record<string, Json>) =>
      typeof r.first === 'number' && typeof r.last === 'number'
        ? Math.max(0, r.last - r.first + 1)
        : 0;
    area += span(layout.columns) * span(layout.rows);
  }
  return area;
}

/** Numbers of one unit over their bound. */
function unitProblems(
  document: DocumentError['document'],
  units: Json,
  path: string,
  errors: DocumentError[],
): void {
  if (!Array.isArray(units)) return;
  units.forEach((u, i) => {
    if (!isObject(u)) return;
    for (const [field, name] of [
      ['strength', 'maxStrength'],
      ['reducedStrength', 'maxStrength'],
      ['movement', 'maxMovement'],
    ] as const) {
      const v = u[field];
      if (typeof v === 'number' && v > SCENARIO_BOUNDS[name]) {
        errors.push(problem(document, `${path}[${i}].${field}`, name, `${field} ${v}`));
      }
    }
  });
}

/** Every bound a scenario and its map break; empty when within all of them. Never throws. */
export function scenarioBoundProblems(scenario: Json, map: Json): DocumentError[] {
  const errors: DocumentError[] = [];
  if (isObject(map)) {
    walk('map', map, 'map', errors);
    const area = mapArea(map.grid);
    if (area > SCENARIO_BOUNDS.maxMapHexes) {
      errors.push(problem('map', 'grid', 'maxMapHexes', `the sheets hold ${area} hexes`));
    }
  }
  if (isObject(scenario)) {
    walk('scenario', scenario, 'scenario', errors);
    unitProblems('scenario', scenario.units, 'units', errors);
    if (typeof scenario.turns === 'number' && scenario.turns > SCENARIO_BOUNDS.maxTurns) {
      errors.push(problem('scenario', 'turns', 'maxTurns', `${scenario.turns} Game-Turns`));
    }
    if (Array.isArray(scenario.specialRules)) {
      scenario.specialRules.forEach((rule, i) => {
        if (!isObject(rule)) return;
        const values = countValues(rule.params);
        if (values > SCENARIO_BOUNDS.maxHookParamValues) {
          errors.push(
            problem(
              'scenario',
              `specialRules[${i}].params`,
              'maxHookParamValues',
              `${values} values`,
            ),
          );
        }
        const params = rule.params;
        if (
          rule.hook === 'automatic-victory' &&
          isObject(params) &&
          Array.isArray(params.conditions) &&
          params.conditions.length > SCENARIO_BOUNDS.maxAutomaticVictoryConditions
        ) {
          errors.push(
            problem(
              'scenario',
              `specialRules[${i}].params.conditions`,
              'maxAutomaticVictoryConditions',
              `${params.conditions.length} conditions`,
            ),
          );
        }
      });
    }
    const victoryValues = countValues(scenario.victory);
    if (victoryValues > SCENARIO_BOUNDS.maxVictoryValues) {
      errors.push(problem('scenario', 'victory', 'maxVictoryValues', `${victoryValues} values`));
    }
  }
  return errors;
}

/**
 * The bounds of a game's supplied counters (options.counters), checked before
 * they are hashed or merged: the units' numbers, and the merged scenario's unit
 * count (the scenario's own units plus these).
 */
export function counterBoundProblems(counters: Json, scenarioUnits: number): DocumentError[] {
  const errors: DocumentError[] = [];
  if (!isObject(counters)) return errors;
  walk('counters', counters, 'counters', errors);
  if (errors.length > 0) return errors;
  unitProblems('counters', counters.units, 'units', errors);
  const supplied = Array.isArray(counters.units) ? counters.units.length : 0;
  if (supplied + scenarioUnits > SCENARIO_BOUNDS.maxUnits) {
    errors.push(
      problem(
        'counters',
        'units',
        'maxUnits',
        `${supplied} supplied units and ${scenarioUnits} printed`,
      ),
    );
  }
  return errors;
}
