/**
 * npm run verify -- replay.json [--scenarios DIR]
 *
 * Dice fairness, offline: re-runs a replay (as GET /v1/games/{id}/replay
 * returns it, seed revealed) from its seed and orders with the engine of this
 * checkout and reports the first entry whose events or state hash differ.
 * The scenario is read from the scenarios/ folder. Exit code 0 when the
 * replay verifies, 1 when it does not, 2 when it cannot be checked.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { InvalidCountersError } from '../src/engine/errors';
import { DEFAULT_RULES, rulesFor } from '../src/engine/rules';
import {
  defaultScenariosRoot,
  formatFileError,
  loadScenarioDir,
  ScenarioValidator,
  scenarioDirs,
} from '../src/scenarios/scenario-files';
import { UnverifiableReplay, verifyReplay, type ReplayDocument } from '../src/games/verify-replay';
import { scenarioDataHash } from '../src/games/state-hash';

function main(argv: string[]): number {
  const args = [...argv];
  let root = defaultScenariosRoot();
  const at = args.indexOf('--scenarios');
  if (at >= 0) {
    root = args[at + 1];
    args.splice(at, 2);
  }
  const file = args[0];
  if (!file) {
    console.error('usage: npm run verify -- replay.json [--scenarios DIR]');
    return 2;
  }
  let doc: ReplayDocument;
  try {
    doc = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8')) as ReplayDocument;
  } catch (e) {
    console.error(`cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  if (!doc || typeof doc.scenario !== 'string' || !Array.isArray(doc.entries)) {
    console.error(
      `${file} is not a replay: it needs "scenario" and "entries" (GET /v1/games/{id}/replay)`,
    );
    return 2;
  }
  // Only the replay's scenario is read and checked (a scenario's folder is named after its id).
  const dir = scenarioDirs(resolve(root)).find((d) => basename(d) === doc.scenario);
  if (!dir) {
    console.error(`scenario "${doc.scenario}" is not in ${root}`);
    return 2;
  }
  const { pkg, errors } = loadScenarioDir(dir, new ScenarioValidator(root));
  if (!pkg) {
    console.error(`scenario "${doc.scenario}" in ${root} is not valid:`);
    for (const e of errors) console.error(`  ${formatFileError(e)}`);
    return 2;
  }
  try {
    // Under the rules system the scenario names; a game whose players supplied counters
    // (options.counters) re-runs on the same merged scenario.
    const system = rulesFor(DEFAULT_RULES, pkg.scenario);
    const ctx = system.prepare(pkg.scenario, pkg.map, doc.options);
    const dataHash = scenarioDataHash(pkg.scenario, pkg.map);
    const result = verifyReplay({ system, ctx }, doc, dataHash);
    console.log(JSON.stringify(result, null, 2));
    console.error(result.ok ? `OK: ${result.detail}` : `FAILED: ${result.detail}`);
    return result.ok ? 0 : 1;
  } catch (e) {
    if (e instanceof UnverifiableReplay || e instanceof InvalidCountersError) {
      console.error(`cannot verify: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

process.exitCode = main(process.argv.slice(2));
