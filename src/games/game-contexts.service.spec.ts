/**
 * GameContexts and the worker pool (issue 16: heavy engine work off the event
 * loop): a large map's tables are built by an engine-pool task, a small map's
 * inline; a scenario's tables are built once and shared by its counters
 * variants; the pool's 503s pass through unchanged and a failed task leaves
 * the preparation to give the exact problem it always gave.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { GameContext } from '../engine/game';
import { DEFAULT_RULES } from '../engine/rules';
import { ProblemException } from '../common/errors/problem';
import { runEngineTask, type EngineResult, type EngineTask } from '../workers/engine-tasks';
import type { EnginePool } from '../workers/engine-pool.service';
import type { ScenariosService } from '../scenarios/scenarios.service';
import { GameContexts, WORKER_TABLES_MIN_HEXES } from './game-contexts.service';

const ROOT = join(__dirname, '..', '..');

function read(dir: string): { scenario: Record<string, unknown>; map: Record<string, unknown> } {
  return {
    scenario: JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')),
    map: JSON.parse(readFileSync(join(dir, 'map.json'), 'utf8')),
  };
}

/** valid-small on the largest single-sheet map the bounds allow (99×99). */
function large(): { scenario: Record<string, unknown>; map: Record<string, unknown> } {
  const { scenario, map } = read(join(ROOT, 'test', 'fixtures', 'scenarios', 'valid-small'));
  map.id = 'large-map';
  map.grid = {
    ...(map.grid as object),
    columns: { first: 1, last: 99 },
    rows: { first: 1, last: 99 },
  };
  scenario.id = 'large';
  scenario.map = map.id;
  scenario.gunboatHexes = [...((scenario.gunboatHexes as string[]) ?? []), '0101'];
  for (const r of scenario.reinforcements as Array<{ entry: string[] }>) r.entry = ['0101'];
  return { scenario, map };
}

function setUp(pool: (task: EngineTask) => Promise<EngineResult>) {
  const docs = new Map<string, { scenario: unknown; map: unknown }>([
    ['large', large()],
    ['atlanta', read(join(ROOT, 'scenarios', 'atlanta'))],
  ]);
  const scenarios = { find: async (id: string) => docs.get(id) ?? null };
  const tasks: EngineTask[] = [];
  const enginePool = {
    run: (task: EngineTask) => {
      tasks.push(task);
      return pool(task);
    },
  };
  const contexts = new GameContexts(
    scenarios as unknown as ScenariosService,
    DEFAULT_RULES,
    enginePool as unknown as EnginePool,
  );
  return { contexts, tasks };
}

const inline = async (task: EngineTask) => runEngineTask(task);

describe('GameContexts: map tables on the worker pool', () => {
  it(`a map of ${WORKER_TABLES_MIN_HEXES}+ hexes has its tables built by a pool task, once; a shipped map inline`, async () => {
    const { contexts, tasks } = setUp(inline);
    const ctx = (await contexts.get('large')).ctx as GameContext;
    expect(tasks.map((t) => t.kind)).toEqual(['prepare-tables']);
    expect(ctx.board.size).toBe(99 * 99);
    await contexts.get('large');
    await contexts.get('atlanta');
    expect(tasks).toHaveLength(1);
  });

  it('counters variants of a scenario share its tables: built once, not once per variant', async () => {
    const { contexts } = setUp(inline);
    const counters = JSON.parse(
      readFileSync(join(ROOT, 'test', 'fixtures', 'counters', 'atlanta.json'), 'utf8'),
    );
    delete counters.note;
    const base = (await contexts.get('atlanta')).ctx as GameContext;
    const variant = (await contexts.get('atlanta', { counters })).ctx as GameContext;
    expect(variant).not.toBe(base);
    expect(variant.board).toBe(base.board);
  });

  it('503 ENGINE_BUSY from the pool passes through unchanged, and the next request tries again', async () => {
    let refuse = true;
    const busy = new ProblemException({ status: 503, code: 'ENGINE_BUSY', detail: 'busy' });
    const { contexts, tasks } = setUp(async (task) => {
      if (refuse) throw busy;
      return runEngineTask(task);
    });
    await expect(contexts.get('large')).rejects.toBe(busy);
    refuse = false;
    expect(((await contexts.get('large')).ctx as GameContext).board.size).toBe(99 * 99);
    expect(tasks).toHaveLength(2);
  });

  it('a task that fails leaves the preparation inline (the same context); bad counters keep their 422 INVALID_COUNTERS', async () => {
    const { contexts } = setUp(async () => ({ ok: false, refused: 'not-playable', message: 'x' }));
    expect(((await contexts.get('large')).ctx as GameContext).board.size).toBe(99 * 99);
    await expect(
      contexts.get('atlanta', { counters: { units: [{ id: 'nope' }] } as never }),
    ).rejects.toMatchObject({ problem: { status: 422, code: 'INVALID_COUNTERS' } });
  });
});
