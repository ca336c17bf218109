import { Injectable } from '@nestjs/common';
import { prepareGame, type GameContext } from '../engine/game';
import { ProblemException } from '../common/errors/problem';
import { LruCache } from '../common/lru-cache';
import { ScenariosService } from '../scenarios/scenarios.service';
import { unknownScenario } from './game-problems';

/** How many prepared scenarios to keep (shipped ones and recently played custom ones). */
const CACHE_SIZE = 64;

/**
 * The engine's per-scenario context (prepareGame: map tables, lookups), built
 * once per scenario and shared by every game of it. Scenario documents never
 * change under an id (custom uploads are immutable), so the cache needs no
 * invalidation; it only forgets the least recently used beyond CACHE_SIZE.
 * The documents come from ScenariosService (shipped and custom), which loads
 * and caches them: one loader and one document cache for the whole app.
 */
@Injectable()
export class GameContexts {
  private readonly cache = new LruCache<string, Promise<GameContext>>(CACHE_SIZE);

  constructor(private readonly scenarios: ScenariosService) {}

  /** The context of scenario `id`; 422 UNKNOWN_SCENARIO when there is none. */
  async get(id: string): Promise<GameContext> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const loading = this.prepare(id);
    this.cache.set(id, loading);
    loading.catch(() => this.cache.delete(id));
    return loading;
  }

  private async prepare(id: string): Promise<GameContext> {
    const pkg = await this.scenarios.find(id);
    if (!pkg) throw unknownScenario(id);
    try {
      return prepareGame(pkg.scenario, pkg.map);
    } catch (e) {
      throw new ProblemException({
        status: 422,
        code: 'SCENARIO_NOT_PLAYABLE',
        detail: `Scenario "${id}" cannot be prepared for play: ${(e as Error).message}`,
      });
    }
  }
}
