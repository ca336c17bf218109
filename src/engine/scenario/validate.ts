/**
 * Semantic validation of a scenario and its map: everything a JSON Schema
 * cannot say because it needs the grid or cross-references between fields.
 * Pure: takes documents already shaped like the types (run the schema
 * first), returns every problem found, never throws.
 */
import { HexGrid, parseLabel } from '../hex';
import { leaderDeploymentProblems } from '../rules/hooks/leaders-deployment';
import type {
  HexId,
  HexSpec,
  MapDocument,
  ScenarioDocument,
  Side,
  UnitSpec,
  VictoryCondition,
} from '../types';

/**
 * One problem: which document, where in it (a field path like
 * `setup.placements[3].hex`), and what is wrong. 'counters' is a game's
 * options.counters (src/engine/scenario/counters.ts).
 */
export interface DocumentError {
  document: 'scenario' | 'map' | 'counters';
  path: string;
  message: string;
}

/** Default stacking limit: two units per hex (6.32). */
export const DEFAULT_STACKING_UNITS = 2;

/** Hexes no land unit may enter, let alone start in (6.27; 10.1 pond). */
const WATER: ReadonlySet<HexSpec['terrain']> = new Set(['river', 'lake', 'pond']);
/** River hexes a gunboat may use (9.62): the river and the crossings that lie in it. */
const GUNBOAT_WATER: ReadonlySet<HexSpec['terrain']> = new Set([
  'river',
  'bridge',
  'ford',
  'ferry',
  'pontoon',
]);
/** Hexes no unit may end its movement in (6.28), so none may be set up there. */
const NO_STOPPING: ReadonlySet<HexSpec['terrain']> = new Set(['ferry', 'pontoon']);

/** Any hook parameter named like this holds hex labels (see scenario.schema.json, Params). */
const HEX_PARAM = /^(hex|hexes)$|(Hex|Hexes)$/;

/** Builds the grid of a map, or reports why it cannot be built. */
export function buildGrid(map: MapDocument): { grid?: HexGrid; errors: DocumentError[] } {
  try {
    const sheets = Array.isArray(map.grid) ? map.grid : [{ layout: map.grid }];
    const errors: DocumentError[] = [];
    sheets.forEach((s, i) => {
      const at = Array.isArray(map.grid) ? `grid[${i}].layout` : 'grid';
      const { columns, rows } = s.layout;
      if (columns.first > columns.last) {
        errors.push(
          mapError(
            `${at}.columns`,
            `first column ${columns.first} is after last column ${columns.last}`,
          ),
        );
      }
      if (rows.first > rows.last) {
        errors.push(
          mapError(`${at}.rows`, `first row ${rows.first} is after last row ${rows.last}`),
        );
      }
    });
    if (Array.isArray(map.grid) && map.grid.length > 1) {
      map.grid.forEach((s, i) => {
        if (!s.layout.prefix) {
          errors.push(
            mapError(
              `grid[${i}].layout.prefix`,
              'every sheet of a joined map needs a label prefix',
            ),
          );
        }
      });
    }
    if (errors.length > 0) return { errors };
    return { grid: new HexGrid(sheets), errors: [] };
  } catch (e) {
    return { errors: [mapError('grid', (e as Error).message)] };
  }
}

/** Checks a map document against its own grid. */
export function validateMap(map: MapDocument): DocumentError[] {
  const { grid, errors } = buildGrid(map);
  if (!grid) return errors;
  const out: DocumentError[] = [];
  const onMap = (hex: HexId, path: string): boolean => {
    if (grid.has(hex)) return true;
    out.push(mapError(path, `hex ${hex} is not on the map, which runs ${describeGrid(map)}`));
    return false;
  };

  checkHexSpec(map.defaultHex, 'defaultHex', undefined, grid, out);
  for (const [hex, spec] of Object.entries(map.hexes)) {
    const path = `hexes.${hex}`;
    if (onMap(hex, path)) checkHexSpec(spec, path, hex, grid, out);
  }

  const seenSides = new Map<string, number>();
  map.hexsides.forEach((side, i) => {
    const path = `hexsides[${i}]`;
    const [a, b] = side.between;
    const okA = onMap(a, `${path}.between[0]`);
    const okB = onMap(b, `${path}.between[1]`);
    if (!okA || !okB) return;
    if (!grid.adjacent(a, b)) {
      out.push(
        mapError(`${path}.between`, `${a} and ${b} are not adjacent, so they share no hexside`),
      );
      return;
    }
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    const earlier = seenSides.get(key);
    if (earlier !== undefined) {
      out.push(
        mapError(
          `${path}.between`,
          `hexside ${key} is already described at hexsides[${earlier}]; list its features once`,
        ),
      );
    } else {
      seenSides.set(key, i);
    }
    const types = new Set<string>();
    side.features.forEach((f, j) => {
      const fpath = `${path}.features[${j}]`;
      if (types.has(f.type)) out.push(mapError(fpath, `hexside ${key} lists ${f.type} twice`));
      types.add(f.type);
      if (f.type === 'slope' && f.high !== a && f.high !== b) {
        out.push(
          mapError(
            `${fpath}.high`,
            `the upper hex ${f.high} of a slope hexside must be ${a} or ${b} (6.26)`,
          ),
        );
      }
      if (
        (f.type === 'redoubt' || f.type === 'entrenchment') &&
        f.friendly !== a &&
        f.friendly !== b
      ) {
        out.push(
          mapError(
            `${fpath}.friendly`,
            `the friendly side ${f.friendly} of a ${f.type} hexside must be ${a} or ${b} (8.46)`,
          ),
        );
      }
    });
    if (types.has('creek') && types.has('stream')) {
      out.push(
        mapError(`${path}.features`, `hexside ${key} cannot be both a creek (6.29) and a stream`),
      );
    }
  });

  map.routes.forEach((route, i) => {
    const path = `routes[${i}]`;
    const present = route.hexes.map((h, j) => onMap(h, `${path}.hexes[${j}]`));
    for (let j = 0; j + 1 < route.hexes.length; j++) {
      const a = route.hexes[j];
      const b = route.hexes[j + 1];
      if (present[j] && present[j + 1] && !grid.adjacent(a, b)) {
        out.push(
          mapError(
            `${path}.hexes[${j + 1}]`,
            `${route.type}${route.name ? ` "${route.name}"` : ''} jumps from ${a} to ${b}, which are not adjacent (a route runs through contiguous hexes, 6.22-6.24)`,
          ),
        );
      }
    }
  });
  return [...errors, ...out];
}

function checkHexSpec(
  spec: HexSpec,
  path: string,
  hex: HexId | undefined,
  grid: HexGrid,
  out: DocumentError[],
): void {
  const crossingHex = spec.terrain === 'ferry' || spec.terrain === 'pontoon';
  if (spec.crossing && !crossingHex) {
    out.push(
      mapError(
        `${path}.crossing`,
        `only ferry and pontoon hexes have crossing arrows (6.28), not ${spec.terrain}`,
      ),
    );
  }
  if (crossingHex && hex === undefined) {
    out.push(
      mapError(
        `${path}.terrain`,
        `the default hex cannot be a ${spec.terrain} hex; list each one with its crossing (6.28)`,
      ),
    );
  }
  if (crossingHex && hex !== undefined) {
    if (!spec.crossing || spec.crossing.length < 2) {
      out.push(
        mapError(
          `${path}.crossing`,
          `a ${spec.terrain} hex needs the (at least two) neighbouring hexes its ${spec.terrain === 'ferry' ? 'arrows point to' : 'pontoon connects'}: units enter and leave only through those hexsides (6.28)`,
        ),
      );
    }
    spec.crossing?.forEach((n, k) => {
      if (!grid.has(n)) out.push(mapError(`${path}.crossing[${k}]`, `hex ${n} is not on the map`));
      else if (!grid.adjacent(hex, n)) {
        out.push(
          mapError(
            `${path}.crossing[${k}]`,
            `${n} is not adjacent to the ${spec.terrain} hex ${hex}`,
          ),
        );
      }
    });
  }
}

/**
 * Checks a scenario against its (already checked) map: ids, deployment,
 * stacking at set-up, reinforcement entry hexes, and every hex the rules and
 * victory conditions name. A map that cannot be built yields map errors only.
 */
export function validateScenario(scenario: ScenarioDocument, map: MapDocument): DocumentError[] {
  const { grid, errors: gridErrors } = buildGrid(map);
  if (!grid) return gridErrors;
  const out: DocumentError[] = [];
  const terrain = (hex: HexId): HexSpec => map.hexes[hex] ?? map.defaultHex;
  const onMap = (hex: HexId, path: string): boolean => {
    if (grid.has(hex)) return true;
    out.push(err(path, `hex ${hex} is not on the map, which runs ${describeGrid(map)}`));
    return false;
  };

  const notLabel = (path: string, value: unknown): void => {
    out.push(
      err(
        path,
        `${JSON.stringify(value)} is not a hex label (parameters named hex, hexes, …Hex or …Hexes hold hex labels)`,
      ),
    );
  };

  // --- header
  const dateYear = Number(scenario.date.slice(0, 4));
  if (dateYear !== scenario.year) {
    out.push(
      err(
        'year',
        `year ${scenario.year} does not match the date ${scenario.date} (10.34 reads the year)`,
      ),
    );
  }
  scenario.nightTurns.forEach((t, i) => {
    if (t > scenario.turns) {
      out.push(
        err(
          `nightTurns[${i}]`,
          `Night turn ${t} is after the last Game-Turn ${scenario.turns} (11.0)`,
        ),
      );
    }
  });

  // --- units
  const units = new Map<string, UnitSpec>();
  scenario.units.forEach((u, i) => {
    if (units.has(u.id))
      out.push(err(`units[${i}].id`, `unit id "${u.id}" is used twice; ids must be unique`));
    else units.set(u.id, u);
    // 9.61: only the Union Player begins with, or receives, Gunboats.
    if (u.type === 'gunboat' && u.side !== 'union')
      out.push(
        err(
          `units[${i}].side`,
          `gunboat ${u.id} is ${u.side}: only the Union Player has Gunboats (9.61)`,
        ),
      );
    if (u.reducedStrength !== undefined && u.reducedStrength > u.strength) {
      out.push(
        err(
          `units[${i}].reducedStrength`,
          `reduced strength ${u.reducedStrength} of ${u.id} exceeds its strength ${u.strength}`,
        ),
      );
    }
  });

  if (scenario.counters) checkCountersBlock(scenario, units, grid, onMap, out);
  else if (scenario.units.length === 0)
    out.push(
      err('units', 'a scenario needs at least one unit, unless its players supply them (counters)'),
    );

  /** Where each unit enters play, to find units placed twice or never. */
  const deployedAt = new Map<string, string>();
  const deploy = (unitId: string, path: string, side?: Side): UnitSpec | undefined => {
    const u = units.get(unitId);
    if (!u) {
      out.push(err(path, `unit "${unitId}" is not in the scenario's units`));
      return undefined;
    }
    const earlier = deployedAt.get(unitId);
    if (earlier !== undefined) {
      out.push(err(path, `unit "${unitId}" already enters play at ${earlier}`));
    } else {
      deployedAt.set(unitId, path);
    }
    if (side && u.side !== side) {
      out.push(err(path, `unit "${unitId}" is ${u.side}, not ${side}`));
    }
    return u;
  };

  // --- set-up
  const leadersRule = scenario.specialRules.some((r) => r.hook === 'leaders');
  const stacks = new Map<HexId, Array<{ unit: UnitSpec; path: string }>>();
  const placements = scenario.setup.placements ?? [];
  placements.forEach((p, i) => {
    const path = `setup.placements[${i}]`;
    const u = deploy(p.unit, `${path}.unit`);
    if (!onMap(p.hex, `${path}.hex`) || !u) return;
    const problem = occupationProblem(u, p.hex, terrain(p.hex), scenario.gunboatHexes ?? []);
    if (problem) out.push(err(`${path}.hex`, problem));
    // Grand Chancellorsville 23.52: under the leaders rule a Leader stacks over and above the combat units.
    if (u.type === 'leader' && leadersRule) return;
    const stack = stacks.get(p.hex) ?? [];
    stack.push({ unit: u, path });
    stacks.set(p.hex, stack);
  });
  if (scenario.setup.kind === 'free') {
    const free = scenario.setup;
    // 3.0, 6.12: the set-up phase places the two sides in turn, so their areas may not share a hex.
    const areaSide = new Map<HexId, Side>();
    free.areas.forEach((area, i) => {
      area.hexes.forEach((h, j) => {
        if (!onMap(h, `setup.areas[${i}].hexes[${j}]`)) return;
        const other = areaSide.get(h);
        if (other !== undefined && other !== area.side)
          out.push(
            err(
              `setup.areas[${i}].hexes[${j}]`,
              `hex ${h} is in set-up areas of both sides (3.0, 6.12)`,
            ),
          );
        areaSide.set(h, area.side);
      });
      area.units?.forEach((id, j) => {
        const u = deploy(id, `setup.areas[${i}].units[${j}]`, area.side);
        // 3.0: a unit must have at least one hex of its areas where it could end a move.
        if (
          u &&
          !area.hexes.some(
            (h) => grid.has(h) && !occupationProblem(u, h, terrain(h), scenario.gunboatHexes ?? []),
          )
        )
          out.push(
            err(
              `setup.areas[${i}].units[${j}]`,
              `no hex of this set-up area can hold ${u.type} unit "${u.id}" (6.27, 6.28, 9.62)`,
            ),
          );
      });
    });
    // A side's area without a unit list takes every unit of that side not deployed otherwise.
    const openSides = new Set(free.areas.filter((a) => !a.units).map((a) => a.side));
    if (openSides.size > 0) {
      const arriving = new Set(scenario.reinforcements.flatMap((r) => r.units));
      for (const u of units.values()) {
        if (openSides.has(u.side) && !deployedAt.has(u.id) && !arriving.has(u.id)) {
          deployedAt.set(u.id, `a ${u.side} set-up area`);
        }
      }
    }
  }
  checkStacking(scenario, stacks, out);
  // Grand Chancellorsville 23.59: Leaders deployed with a unit of their command (the leaders rule's commands).
  for (const e of leaderDeploymentProblems(scenario)) out.push(err(e.path, e.message));

  (scenario.setup.kind === 'fixed' ? (scenario.setup.fieldworks ?? []) : []).forEach((f, i) => {
    const path = `setup.fieldworks[${i}]`;
    if (!onMap(f.hex, `${path}.hex`)) return;
    f.facing.forEach((n, j) => {
      if (!onMap(n, `${path}.facing[${j}]`)) return;
      if (!grid.adjacent(f.hex, n)) {
        out.push(
          err(
            `${path}.facing[${j}]`,
            `${n} is not adjacent to the fieldwork hex ${f.hex}, so no hexside faces it (10.38)`,
          ),
        );
      }
    });
  });

  // --- reinforcements
  scenario.reinforcements.forEach((r, i) => {
    const path = `reinforcements[${i}]`;
    if (r.turn > scenario.turns) {
      out.push(err(`${path}.turn`, `turn ${r.turn} is after the last Game-Turn ${scenario.turns}`));
    }
    const gunboatsOnly = r.units.every((id) => units.get(id)?.type === 'gunboat');
    r.entry.forEach((h, j) => {
      const hpath = `${path}.entry[${j}]`;
      if (!onMap(h, hpath)) return;
      // 'on-map' arrivals appear inside the map (Road to Richmond 17.31), not at an edge.
      if (r.arrival !== 'on-map' && !grid.isEdge(h)) {
        out.push(
          err(
            hpath,
            `entry hex ${h} is not on a map edge (5.0: reinforcements enter from the map edge)`,
          ),
        );
      }
      const t = terrain(h).terrain;
      if (!gunboatsOnly && WATER.has(t)) {
        out.push(err(hpath, `entry hex ${h} is ${t}, which land units may not enter (6.27)`));
      }
      if (gunboatsOnly && !GUNBOAT_WATER.has(t) && !(scenario.gunboatHexes ?? []).includes(h)) {
        out.push(
          err(
            hpath,
            `gunboats may only enter at a river hex or one of gunboatHexes, not ${t} hex ${h} (9.62)`,
          ),
        );
      }
    });
    r.units.forEach((id, j) => deploy(id, `${path}.units[${j}]`, r.side));
    if (r.condition?.params) {
      checkHexParams(r.condition.params, `${path}.condition.params`, onMap, notLabel);
    }
  });

  for (const [id, u] of units) {
    if (!deployedAt.has(id)) {
      const i = scenario.units.indexOf(u);
      out.push(err(`units[${i}]`, `unit "${id}" is neither set up nor a reinforcement`));
    }
  }

  // --- hexes named by rules and victory conditions
  scenario.gunboatHexes?.forEach((h, i) => onMap(h, `gunboatHexes[${i}]`));
  scenario.specialRules.forEach((rule, i) => {
    if (rule.params) checkHexParams(rule.params, `specialRules[${i}].params`, onMap, notLabel);
  });
  const objectives = new Set<HexId>();
  scenario.victory.objectives.forEach((o, i) => {
    if (objectives.has(o.hex))
      out.push(err(`victory.objectives[${i}].hex`, `objective ${o.hex} is listed twice`));
    objectives.add(o.hex);
    onMap(o.hex, `victory.objectives[${i}].hex`);
  });
  // Point rules that name hexes (e.g. a set of objectives held together) name objectives.
  scenario.victory.points.forEach((rule, i) => {
    const hexes = (rule as { hexes?: unknown }).hexes;
    if (!Array.isArray(hexes)) return;
    hexes.forEach((hex: unknown, j) => {
      const path = `victory.points[${i}].hexes[${j}]`;
      if (typeof hex === 'string' && onMap(hex, path) && !objectives.has(hex)) {
        out.push(
          err(path, `hex ${hex} is not among victory.objectives, so its occupation is not tracked`),
        );
      }
    });
  });
  scenario.victory.levels.forEach((level, i) => {
    walkCondition(level.when, `victory.levels[${i}].when`, (hex, path) => {
      if (onMap(hex, path) && !objectives.has(hex)) {
        out.push(
          err(path, `hex ${hex} is not among victory.objectives, so its occupation is not tracked`),
        );
      }
    });
  });
  (scenario.victory.automatic ?? []).forEach((check, i) => {
    if (check.afterTurn > scenario.turns) {
      out.push(
        err(
          `victory.automatic[${i}].afterTurn`,
          `automatic victory check after Game-Turn ${check.afterTurn}, but the game ends after Game-Turn ${scenario.turns}`,
        ),
      );
    }
    walkCondition(check.when, `victory.automatic[${i}].when`, (hex, path) => {
      if (onMap(hex, path) && !objectives.has(hex)) {
        out.push(
          err(path, `hex ${hex} is not among victory.objectives, so its occupation is not tracked`),
        );
      }
    });
  });

  checkStart(scenario, out);

  return [...gridErrors, ...out];
}

/**
 * Where play begins (ScenarioDocument.start): a Game-Turn of the game, the
 * Combat Phase only after a fixed set-up (free deployment is a phase of its
 * own, 3.0), and morale only for placed units, each named once (12.1).
 */
function checkStart(scenario: ScenarioDocument, out: DocumentError[]): void {
  const start = scenario.start;
  if (!start) return;
  if (scenario.rules.system !== 'blue-grey')
    out.push(err('start', 'a later start is not yet supported under the 1975 rules'));
  if (start.turn !== undefined && start.turn > scenario.turns)
    out.push(
      err(
        'start.turn',
        `play cannot begin on Game-Turn ${start.turn}: the game ends after Game-Turn ${scenario.turns}`,
      ),
    );
  if (start.phase === 'combat' && scenario.setup.kind !== 'fixed')
    out.push(
      err(
        'start.phase',
        'a free set-up is a phase of its own (3.0): play can begin in the Combat Phase only after a fixed set-up',
      ),
    );
  const placed = new Set((scenario.setup.placements ?? []).map((p) => p.unit));
  const named = new Set<string>();
  (start.units ?? []).forEach((u, i) => {
    const path = `start.units[${i}].unit`;
    if (named.has(u.unit)) out.push(err(path, `${u.unit} is given a morale state twice`));
    named.add(u.unit);
    if (!scenario.units.some((x) => x.id === u.unit))
      out.push(err(path, `there is no unit "${u.unit}" in this scenario`));
    else if (!placed.has(u.unit))
      out.push(
        err(
          path,
          `${u.unit} is not placed in the set-up: only units on the map begin with a morale state`,
        ),
      );
  });
}

/**
 * The counters block (src/engine/scenario/counters.ts): named units with
 * unique ids no printed unit has, of the sides the players supply, on hexes
 * of the map; and, with a free set-up, an area without a unit list for every
 * side the players supply, where their units are set up (3.0).
 */
function checkCountersBlock(
  scenario: ScenarioDocument,
  units: Map<string, UnitSpec>,
  grid: HexGrid,
  onMap: (hex: HexId, path: string) => boolean,
  out: DocumentError[],
): void {
  const block = scenario.counters!;
  const seen = new Set<string>();
  block.named.forEach((n, i) => {
    const path = `counters.named[${i}]`;
    if (units.has(n.id))
      out.push(
        err(
          `${path}.id`,
          `"${n.id}" is a unit of the printed order of battle; a named counter needs an id of its own`,
        ),
      );
    else if (seen.has(n.id))
      out.push(err(`${path}.id`, `named counter id "${n.id}" is used twice; ids must be unique`));
    seen.add(n.id);
    if (!block.sides.includes(n.side))
      out.push(
        err(
          `${path}.side`,
          `${n.id} is ${n.side}, but the players supply only ${block.sides.join(' and ')} units (counters.sides)`,
        ),
      );
    if (n.hex !== undefined) onMap(n.hex, `${path}.hex`);
    if (n.turn !== undefined && n.turn > scenario.turns)
      out.push(err(`${path}.turn`, `turn ${n.turn} is after the last Game-Turn ${scenario.turns}`));
    if (n.entry && n.turn === undefined)
      out.push(err(`${path}.entry`, `entry hexes without a Game-Turn: give ${n.id} its turn`));
    n.entry?.forEach((h, j) => {
      const hpath = `${path}.entry[${j}]`;
      if (onMap(h, hpath) && !grid.isEdge(h))
        out.push(
          err(
            hpath,
            `entry hex ${h} is not on a map edge (5.0: reinforcements enter from the map edge)`,
          ),
        );
    });
  });
  if (scenario.setup.kind === 'free') {
    const setup = scenario.setup;
    for (const side of block.sides) {
      if (!setup.areas.some((a) => a.side === side && !a.units))
        out.push(
          err(
            'setup.areas',
            `the players supply ${side} units (counters, ${block.case}); their free set-up needs a ${side} area without a unit list to place them in (3.0)`,
          ),
        );
    }
  }
}

/** Map then scenario, as one list: the whole semantic check of a scenario package. */
export function validateScenarioPackage(
  scenario: ScenarioDocument,
  map: MapDocument,
): DocumentError[] {
  const mapErrors = validateMap(map);
  // The scenario checks build the grid again; if that failed they add nothing new.
  const scenarioErrors = validateScenario(scenario, map).filter((e) => e.document === 'scenario');
  return [...mapErrors, ...scenarioErrors];
}

/** Why a unit may not be set up in a hex, or undefined if it may. */
function occupationProblem(
  u: UnitSpec,
  hex: HexId,
  spec: HexSpec,
  gunboatHexes: HexId[],
): string | undefined {
  if (u.type === 'gunboat') {
    if (GUNBOAT_WATER.has(spec.terrain) || gunboatHexes.includes(hex)) return undefined;
    return `gunboat "${u.id}" may only be in river hexes${gunboatHexes.length ? ` or ${gunboatHexes.join(', ')}` : ''}, not in ${spec.terrain} hex ${hex} (9.62)`;
  }
  if (WATER.has(spec.terrain)) {
    return `${u.type} unit "${u.id}" may not be in ${spec.terrain} hex ${hex}: units may never enter river, lake or pond hexes (6.27, 10.1)`;
  }
  if (NO_STOPPING.has(spec.terrain)) {
    return `${u.type} unit "${u.id}" may not be set up in ${spec.terrain} hex ${hex}: units may never end their movement there (6.28)`;
  }
  return undefined;
}

function checkStacking(
  scenario: ScenarioDocument,
  stacks: Map<HexId, Array<{ unit: UnitSpec; path: string }>>,
  out: DocumentError[],
): void {
  const limit = scenario.stacking;
  for (const [hex, stack] of stacks) {
    const sides = new Set(stack.map((s) => s.unit.side));
    const last = stack[stack.length - 1].path;
    const ids = stack.map((s) => s.unit.id).join(', ');
    if (sides.size > 1) {
      out.push(
        err(
          `${last}.hex`,
          `units of both sides set up in ${hex} (${ids}): a unit may never be in an Enemy-occupied hex (6.12)`,
        ),
      );
      continue;
    }
    if (limit && 'strengthPoints' in limit) {
      const total = stack.reduce((sum, s) => sum + s.unit.strength, 0);
      if (total > limit.strengthPoints) {
        out.push(
          err(
            `${last}.hex`,
            `${total} strength points set up in ${hex} (${ids}): this scenario's stacking limit is ${limit.strengthPoints} strength points (6.32)`,
          ),
        );
      }
      continue;
    }
    const max = limit && 'units' in limit ? limit.units : DEFAULT_STACKING_UNITS;
    // 9.63: two gunboats may stack whatever the limit for other units.
    const allGunboats = stack.every((s) => s.unit.type === 'gunboat');
    const allowed = allGunboats ? Math.max(max, 2) : max;
    if (stack.length > allowed) {
      out.push(
        err(
          `${last}.hex`,
          `${numberWord(stack.length)} units set up in ${hex} (${ids}): the stacking limit is ${allowed} per hex (${allGunboats ? '9.63' : '6.32'})`,
        ),
      );
    }
  }
}

function checkHexParams(
  params: Record<string, unknown>,
  path: string,
  onMap: (hex: HexId, path: string) => boolean,
  notLabel: (path: string, value: unknown) => void,
): void {
  for (const [key, value] of Object.entries(params)) {
    const at = `${path}.${key}`;
    if (HEX_PARAM.test(key)) {
      const list = Array.isArray(value) ? value : [value];
      list.forEach((h, i) => {
        const hpath = Array.isArray(value) ? `${at}[${i}]` : at;
        if (typeof h !== 'string' || !parseLabel(h)) {
          notLabel(hpath, h);
        } else {
          onMap(h, hpath);
        }
      });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      checkHexParams(value as Record<string, unknown>, at, onMap, notLabel);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          checkHexParams(v as Record<string, unknown>, `${at}[${i}]`, onMap, notLabel);
        }
      });
    }
  }
}

function walkCondition(
  c: VictoryCondition,
  path: string,
  visit: (hex: HexId, path: string) => void,
): void {
  if ('all' in c) c.all.forEach((x, i) => walkCondition(x, `${path}.all[${i}]`, visit));
  else if ('any' in c) c.any.forEach((x, i) => walkCondition(x, `${path}.any[${i}]`, visit));
  else if ('not' in c) walkCondition(c.not, `${path}.not`, visit);
  else if ('occupies' in c) c.occupies.forEach((h, i) => visit(h, `${path}.occupies[${i}]`));
  else if ('enemyOccupiesAnyOf' in c)
    c.enemyOccupiesAnyOf.forEach((h, i) => visit(h, `${path}.enemyOccupiesAnyOf[${i}]`));
}

function describeGrid(map: MapDocument): string {
  const sheets = Array.isArray(map.grid) ? map.grid.map((s) => s.layout) : [map.grid];
  const parts = sheets.map(
    (l) =>
      `from ${l.prefix ?? ''}${pad(l.columns.first)}${pad(l.rows.first)} to ${l.prefix ?? ''}${pad(l.columns.last)}${pad(l.rows.last)}`,
  );
  return parts.join(' and ');
}

const pad = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

function numberWord(n: number): string {
  return ['zero', 'one', 'two', 'three', 'four', 'five', 'six'][n] ?? String(n);
}

const err = (path: string, message: string): DocumentError => ({
  document: 'scenario',
  path,
  message,
});
const mapError = (path: string, message: string): DocumentError => ({
  document: 'map',
  path,
  message,
});
