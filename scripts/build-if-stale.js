#!/usr/bin/env node
'use strict';
/*
 * `npm start` runs this before starting dist/src/main.js: it compiles (`nest build`)
 * only when a compiled input is newer than the last build, so a restart with no source
 * change starts in seconds instead of recompiling ~66k lines every time.
 *
 * Inputs: every .ts/.json file under the folders tsconfig.build.json compiles, the
 * tsconfig files, nest-cli.json and package-lock.json (a dependency change can change
 * the output). src/schema.gql is not an input: the app itself rewrites it at start-up.
 * Plain JavaScript on purpose: it must run before anything is compiled.
 */
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, utimesSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const STAMP = join(ROOT, 'dist', '.build-stamp');
const SOURCE_DIRS = ['src', 'migrations', 'scripts'];
const SOURCE_FILES = ['tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'package-lock.json'];

/** Newest modification time (ms) of the compiled inputs, and the file that has it. */
function newestInput() {
  let newest = { time: 0, file: '' };
  const consider = (file) => {
    const time = statSync(file).mtimeMs;
    if (time > newest.time) newest = { time, file };
  };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|json)$/.test(entry.name)) consider(path);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(ROOT, dir))) walk(join(ROOT, dir));
  for (const file of SOURCE_FILES) if (existsSync(join(ROOT, file))) consider(join(ROOT, file));
  return newest;
}

const stampTime =
  existsSync(STAMP) && existsSync(join(ROOT, 'dist', 'src', 'main.js'))
    ? statSync(STAMP).mtimeMs
    : 0;
const newest = newestInput();
if (stampTime > 0 && newest.time <= stampTime) {
  process.stdout.write('Build is up to date (dist/ is newer than every source file).\n');
  process.exit(0);
}
const started = Date.now();
process.stdout.write(
  stampTime === 0
    ? 'No build yet: compiling (about a minute)…\n'
    : `${newest.file.slice(ROOT.length + 1)} changed since the last build: compiling…\n`,
);
// The stamp gets the time the build started, so an edit made during the build still
// counts as newer next time.
const buildStart = new Date();
execFileSync(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js'), 'build'], {
  cwd: ROOT,
  stdio: 'inherit',
});
writeFileSync(STAMP, `${buildStart.toISOString()}\n`);
utimesSync(STAMP, buildStart, buildStart);
process.stdout.write(`Compiled in ${Math.round((Date.now() - started) / 1000)} s.\n`);
