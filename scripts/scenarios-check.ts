/**
 * npm run scenarios:check [folder...]
 *
 * Validates every scenario package (schema, then meaning: ids, set-up hexes
 * and stacking, entry hexes on a map edge, every hex the rules name). With no
 * argument it checks the shipped scenarios under scenarios/; an argument is
 * either one scenario folder or a folder of scenario folders. Prints each
 * problem as `file:field: problem` and exits 1 if there is any.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  FileError,
  ScenarioPackage,
  ScenarioValidator,
  defaultScenariosRoot,
  formatFileError,
  loadScenarioDir,
  scenarioDirs,
} from '../src/scenarios/scenario-files';

function main(argv: string[]): number {
  const targets = argv.length > 0 ? argv.map((a) => resolve(a)) : [defaultScenariosRoot()];
  const validator = new ScenarioValidator();
  const packages: ScenarioPackage[] = [];
  const errors: FileError[] = [];
  let folders = 0;
  for (const target of targets) {
    if (!existsSync(target)) {
      errors.push({ file: target, path: '(folder)', message: 'does not exist' });
      continue;
    }
    const dirs = existsSync(join(target, 'scenario.json')) ? [target] : scenarioDirs(target);
    if (dirs.length === 0) {
      errors.push({ file: target, path: '(folder)', message: 'holds no scenario folders' });
    }
    for (const dir of dirs) {
      folders++;
      const result = loadScenarioDir(dir, validator);
      if (result.pkg) packages.push(result.pkg);
      errors.push(...result.errors);
    }
  }
  for (const p of packages) {
    if (!p.map) {
      // Another rules system's scenario without a map (a block battle): its document alone.
      const doc = p.scenario as unknown as { units?: unknown[]; ordersOfBattle?: string[] };
      console.log(
        `ok  ${p.id}: ${p.scenario.rules.system} scenario, ` +
          (doc.units
            ? `${doc.units.length} units`
            : `orders of battle ${(doc.ordersOfBattle ?? []).join(', ')}`),
      );
      continue;
    }
    const hexes = Object.keys(p.map.hexes).length;
    console.log(
      `ok  ${p.id}: ${p.scenario.units.length} units, ${p.scenario.turns} turns, ` +
        `${hexes} hexes described, ${p.map.hexsides.length} hexsides, ${p.map.routes.length} routes`,
    );
  }
  for (const e of errors) console.error(formatFileError(e));
  console.log(
    `${folders} scenario folder(s) checked: ${packages.length} valid, ` +
      `${errors.length} error(s)`,
  );
  return errors.length > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
