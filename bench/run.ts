/**
 * `npm run bench`: every benchmark, one after the other, each in its own process
 * (so one's garbage does not slow the next): the engine's legal-order listing
 * (bench/engine-movement.ts), random playouts and state memory (bench/playouts.ts),
 * the API under load with its raw-pg baseline (bench/api.ts, needs PostgreSQL), and
 * replay reads and verification (bench/replay.ts). Not part of `npm test`.
 * One benchmark only: `npm run bench -- api` (engine-movement, campaign-movement, campaign-games, playouts,
 * api, replay).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

const BENCHES: Array<[string, string]> = [
  ['engine-movement', 'Engine: legal orders for a full movement phase'],
  ['campaign-movement', 'Engine: Bobby Lee campaign legal orders and Campaign Turns (East 1863)'],
  ['campaign-games', 'Engine: whole random Bobby Lee games (1861, 1864)'],
  ['playouts', 'Engine: random playouts and memory per game state'],
  ['api', 'API: concurrent games on PostgreSQL, service vs raw pg'],
  ['replay', 'Replay: states/{seq} along a long game, whole-replay verification'],
];

const only = process.argv.slice(2);
console.log(
  `Muster benchmarks — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; ` +
    'figures vary with the load on the machine.',
);
let failed = 0;
for (const [name, title] of BENCHES) {
  if (only.length > 0 && !only.includes(name)) continue;
  const file = join(__dirname, `${name}.ts`);
  if (!existsSync(file)) continue;
  console.log(`\n== ${title} (bench/${name}.ts)`);
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '-r', 'ts-node/register/transpile-only', file],
    { stdio: 'inherit', cwd: join(__dirname, '..') },
  );
  if (run.status !== 0) {
    failed++;
    console.log(`bench/${name}.ts failed (exit ${run.status ?? run.signal})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
