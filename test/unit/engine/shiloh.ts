/** Shiloh's scenario and map, prepared once for engine tests and benchmarks. */
import * as fs from 'fs';
import * as path from 'path';
import { prepareGame, GameContext } from '../../../src/engine/game';
import type { MapDocument, ScenarioDocument } from '../../../src/engine/types';

export function shiloh(): GameContext {
  const dir = path.join(__dirname, '../../../scenarios/shiloh');
  const scenario = JSON.parse(
    fs.readFileSync(path.join(dir, 'scenario.json'), 'utf8'),
  ) as ScenarioDocument;
  const map = JSON.parse(fs.readFileSync(path.join(dir, 'map.json'), 'utf8')) as MapDocument;
  return prepareGame(scenario, map);
}
