/**
 * Every shipped scenario as the playouts and the key-order tests play it: its
 * documents as the files hold them, and the game options it is played with
 * (its test counters, test/fixtures/counters/<id>.json, where it has any).
 */
import * as fs from 'fs';
import * as path from 'path';
import { gameScenario } from '../../../src/engine/scenario/counters';
import type { GameOptions } from '../../../src/engine/state';
import type { MapDocument, ScenarioDocument, SuppliedCounters } from '../../../src/engine/types';

const root = path.join(__dirname, '../../../scenarios');
const countersRoot = path.join(__dirname, '../../fixtures/counters');

/** The fixture file of a scenario's test counters. */
export const countersFile = (id: string) => path.join(countersRoot, `${id}.json`);

/** A scenario's test counters as options.counters (the fixture without its "note"), if it has a fixture. */
export function testCounters(id: string): SuppliedCounters | undefined {
  const file = countersFile(id);
  if (!fs.existsSync(file)) return undefined;
  const { note, ...counters } = JSON.parse(fs.readFileSync(file, 'utf8')) as SuppliedCounters & {
    note?: string;
  };
  if (!note || !/NOT the historical order of battle/.test(note))
    throw new Error(
      `${file}: its "note" must say these are test counters, NOT the historical order of battle`,
    );
  return counters;
}

/** Whether a game needs the players' units: a side they supply has none without them (COUNTERS_REQUIRED). */
export function needsCounters(scenario: ScenarioDocument): boolean {
  const block = scenario.counters;
  return !!block && block.sides.some((side) => !scenario.units.some((u) => u.side === side));
}

export interface ShippedScenario {
  id: string;
  scenario: ScenarioDocument;
  map: MapDocument;
}

/** scenarios/<id>/ with a scenario.json and its map, sorted by id. */
export function shippedScenarios(): ShippedScenario[] {
  const out = [];
  for (const id of fs.readdirSync(root).sort()) {
    const file = path.join(root, id, 'scenario.json');
    if (!fs.existsSync(file)) continue;
    const scenario = JSON.parse(fs.readFileSync(file, 'utf8')) as ScenarioDocument;
    // Another rules system's scenario without a map (a block battle) has its own playouts.
    if (typeof scenario.map !== 'string') continue;
    const mapFile = path.join(root, id, scenario.map);
    if (!fs.existsSync(mapFile)) continue;
    out.push({ id, scenario, map: JSON.parse(fs.readFileSync(mapFile, 'utf8')) as MapDocument });
  }
  return out;
}

/** A shipped scenario with the options it is played with (its test counters) and the scenario merged with them. */
export interface PlayedScenario extends ShippedScenario {
  options: GameOptions;
  played: ScenarioDocument;
}

/** Every shipped scenario with its test counters merged in, where it has any. */
export function playedScenarios(): PlayedScenario[] {
  return shippedScenarios().map((s) => {
    const counters = testCounters(s.id);
    const options: GameOptions = counters ? { counters } : {};
    // The scenario a game is played on: with the counters merged (throws on bad test counters).
    return { ...s, options, played: gameScenario(s.scenario, options, s.map) };
  });
}
