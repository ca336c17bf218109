import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateResponse } from '../support/openapi';
import { asResponseLike, http, percentile } from './support/client';
import { ensureBuilt } from './support/service';
import { startTarget, Target } from './support/targets';

/** The operator's upload token the services are started with. */
const OPERATOR = 'operator-token-of-the-heavy-work-reliability-test';

/**
 * Issue 16 rows 1 and 10: heavy engine work runs on the worker pool, never on
 * the event loop, so /health (liveness and readiness) answers in milliseconds
 * while it runs — on the built service, PostgreSQL and embedded. The heavy work
 * is the largest single-sheet map the bounds allow (99×99 hexes): its upload
 * (schemas and meaning checked, ~0.8 s of CPU) and its SVG drawing (~1.6 s, 1.8
 * MB), several at once, while a prober asks /health/live and /health every 25 ms.
 */
const FIXTURE = join(__dirname, '..', 'fixtures', 'scenarios', 'valid-small');

function largeScenario(id: string): {
  scenario: Record<string, unknown>;
  map: Record<string, unknown>;
} {
  const scenario = JSON.parse(readFileSync(join(FIXTURE, 'scenario.json'), 'utf8'));
  const map = JSON.parse(readFileSync(join(FIXTURE, 'map.json'), 'utf8'));
  map.id = `${id}-map`;
  map.grid.columns = { first: 1, last: 99 };
  map.grid.rows = { first: 1, last: 99 };
  scenario.id = id;
  scenario.map = map.id;
  // Its reinforcements entered on the small map's edge, inside this one: they enter at 0101 (column 1, an
  // edge), its gunboat through the gunboat hex it names.
  scenario.gunboatHexes = [...((scenario.gunboatHexes as string[]) ?? []), '0101'];
  for (const r of scenario.reinforcements as Array<{ entry: string[] }>) r.entry = ['0101'];
  return { scenario, map };
}

describe.each(['postgresql', 'embedded'] as const)(
  'heavy work off the event loop on %s (built service)',
  (label) => {
    let target: Target | undefined;
    beforeAll(async () => {
      ensureBuilt();
      // Uploads need an identity (issue 16, row 8): the operator's, which has no quota.
      target = await startTarget(label, { SCENARIO_UPLOAD_TOKEN: OPERATOR });
    });
    afterAll(() => target?.close());

    it('/health/live and /health p99 under 200 ms while large maps are checked and drawn', async () => {
      if (!target) return;
      const base = target.service.url;
      let heavyRunning = true;
      const live: number[] = [];
      const ready: number[] = [];
      const probe = async () => {
        while (heavyRunning) {
          for (const [path, into] of [
            ['/health/live', live],
            ['/health', ready],
          ] as const) {
            const started = performance.now();
            const res = await http(base, 'GET', path);
            into.push(performance.now() - started);
            expect(res.status).toBe(200);
            expect(validateResponse(asResponseLike(res), { method: 'GET', path })).toEqual([]);
          }
          await new Promise((r) => setTimeout(r, 25));
        }
      };

      const heavy = async (i: number) => {
        const id = `large-${label}-${i}`;
        const started = performance.now();
        const created = await http(base, 'POST', '/v1/scenarios', largeScenario(id), {
          authorization: `Bearer ${OPERATOR}`,
        });
        expect(created.status).toBe(201);
        const svg = await fetch(`${base}/v1/scenarios/${id}/map.svg`);
        expect(svg.status).toBe(200);
        expect((await svg.text()).length).toBeGreaterThan(1_000_000);
        return performance.now() - started;
      };

      // The machine's own noise first: the same probes with nothing heavy running (on a quiet CI runner a few ms).
      const baseline: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await http(base, 'GET', '/health/live');
        baseline.push(performance.now() - started);
      }
      baseline.sort((a, b) => a - b);

      const probing = probe();
      const heavyMs = await Promise.all([0, 1, 2].map(heavy)).finally(() => {
        heavyRunning = false;
      });
      await probing;

      // The loop's own delay over the run (the monitor's window covers it): what the service did to itself,
      // apart from the machine's load on the probes' round trips.
      const loop = (await http(base, 'GET', '/health/live')).body.eventLoop;
      live.sort((a, b) => a - b);
      ready.sort((a, b) => a - b);
      const summary = {
        baselineP99: Math.round(percentile(baseline, 99)),
        heavyRequestsMs: heavyMs.map(Math.round),
        liveProbes: live.length,
        liveP99: Math.round(percentile(live, 99)),
        readyP99: Math.round(percentile(ready, 99)),
        loopDelayP99Ms: loop.delayP99Ms,
        loopDelayMaxMs: loop.delayMaxMs,
      };
      console.log(`heavy work on ${label}: ${JSON.stringify(summary)}`);
      // The probes ran throughout the heavy requests (the loop above stops when they are done): a round
      // of both probes every 25 ms plus their answers. How many rounds fit depends on how fast the machine
      // does the heavy work (8 rounds in 0.8 s seen on CI), so only a few are required; how long the
      // requests took is not asserted either: that is the machine's speed, not the service's behaviour.
      expect(live.length).toBeGreaterThanOrEqual(3);
      expect(ready.length).toBe(live.length);
      // Under 200 ms, beyond what the machine's load adds to any probe (measured above, without heavy work).
      const bound = 200 + percentile(baseline, 99);
      expect(percentile(live, 99)).toBeLessThan(bound);
      expect(percentile(ready, 99)).toBeLessThan(bound);

      const after = await http(base, 'GET', '/health/live');
      expect(after.body.engine).toMatchObject({ tasks: 0, queued: 0 });
    });
  },
);
