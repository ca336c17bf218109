import type { INestApplication } from '@nestjs/common';
import { GameUpdatesBus } from '../../src/games/game-updates';

/**
 * Counts the live listeners (SSE streams, GraphQL subscriptions) each game gets on the
 * app's GameUpdatesBus, so a test can wait until its subscriptions are registered before
 * it submits the orders they should see — a fixed sleep is too short on a loaded machine
 * (the update then goes by unseen and the test waits forever). Call before subscribing.
 */
export function watchLiveListeners(app: INestApplication): {
  /** Resolves once `gameId` has had `n` listeners subscribed (rejects after `timeoutMs`). */
  until(gameId: string, n: number, timeoutMs?: number): Promise<void>;
  restore(): void;
} {
  const bus = app.get(GameUpdatesBus);
  const counts = new Map<string, number>();
  const original = bus.subscribe.bind(bus);
  bus.subscribe = (gameId, listener) => {
    counts.set(gameId, (counts.get(gameId) ?? 0) + 1);
    return original(gameId, listener);
  };
  return {
    async until(gameId, n, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while ((counts.get(gameId) ?? 0) < n) {
        if (Date.now() > deadline)
          throw new Error(`${counts.get(gameId) ?? 0} of ${n} live listeners of ${gameId}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    restore() {
      bus.subscribe = original;
    },
  };
}
