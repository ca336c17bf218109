import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defaultScenariosRoot } from './scenario-files';

/**
 * Sample counters: the project's test counters (test/fixtures/counters/<id>.json, see
 * its README), served so a client can start a game of a scenario whose players supply
 * units without first typing an order of battle. They are test data, NOT the
 * historical order of battle, and each file's `note` says so; the body is accepted
 * as it is in options.counters.
 */
const SAMPLE_IDS = /^[a-z0-9][a-z0-9-]*$/;

let available: Set<string> | undefined;

/** The folder of the sample counters: test/fixtures/counters beside scenarios/. */
export function sampleCountersDir(): string {
  return join(dirname(defaultScenariosRoot()), 'test', 'fixtures', 'counters');
}

/** Ids of the scenarios with sample counters (read once; the folder is part of the release). */
function sampleIds(): Set<string> {
  if (!available) {
    const dir = sampleCountersDir();
    available = new Set(
      existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith('.json'))
            .map((f) => f.slice(0, -'.json'.length))
        : [],
    );
  }
  return available;
}

/** Where the sample counters of shipped scenario `id` are served, if it has some. */
export function sampleCountersUrl(id: string): string | undefined {
  return sampleIds().has(id) ? `/v1/scenarios/${id}/sample-counters` : undefined;
}

/** The sample counters of scenario `id` as stored, or null when it has none. */
export function readSampleCounters(id: string): Record<string, unknown> | null {
  if (!SAMPLE_IDS.test(id) || !sampleIds().has(id)) return null;
  return JSON.parse(readFileSync(join(sampleCountersDir(), `${id}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}
