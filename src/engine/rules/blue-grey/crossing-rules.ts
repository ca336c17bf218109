/**
 * Exclusive rules that change what a ferry hex is (6.28, 7.6), gathered once
 * per scenario from the hooks. The standard rules make ferry and pontoon hexes
 * places a unit only passes through in one go (6.28: never ends a move there)
 * and into which no Zone of Control extends (7.6). Grand Chancellorsville
 * 22.11 (terrain-override { riverFerry }) lets units end their move in River
 * ferry hexes and extends Zones of Control into and out of them solely
 * through their entry (arrowed) hexsides. Without such a hook both tables are
 * all zeros and every rule reads as the standard one.
 */
import type { GameContext } from '../../game';
import { type Board } from './board';

export interface CrossingRules {
  /** 1 where a unit may end its move in this crossing hex (override of 6.28). */
  mayEndIn: Uint8Array;
  /** 1 where Zones of Control extend into and out of this crossing hex through its entry hexsides only (override of 7.6). */
  zocThroughEntry: Uint8Array;
  /** Whether any hex has an override (the standard rules' fast path when not). */
  any: boolean;
}

const cache = new WeakMap<GameContext, CrossingRules>();

export function crossingRules(ctx: GameContext): CrossingRules {
  const hit = cache.get(ctx);
  if (hit) return hit;
  const b: Board = ctx.board;
  const mayEndIn = new Uint8Array(b.size);
  const zocThroughEntry = new Uint8Array(b.size);
  let any = false;
  const hooks = ctx.hooks.filter((h) => h.mayEndMoveIn || h.zocThroughEntryHexsidesOnly);
  if (hooks.length > 0)
    for (let i = 0; i < b.size; i++) {
      if (!b.crossingHex[i]) continue;
      const hex = b.ids[i];
      if (hooks.some((h) => h.mayEndMoveIn?.(ctx, hex))) mayEndIn[i] = 1;
      if (hooks.some((h) => h.zocThroughEntryHexsidesOnly?.(ctx, hex))) zocThroughEntry[i] = 1;
      if (mayEndIn[i] || zocThroughEntry[i]) any = true;
    }
  const out = { mayEndIn, zocThroughEntry, any };
  cache.set(ctx, out);
  return out;
}

/**
 * 7.1, 7.6: whether a Zone of Control extends from hex i into its neighbour j
 * across edge e (i*6+d), hexside and hex blocks aside (those the caller
 * checks): out of and into an overridden crossing hex only through its entry
 * hexsides; into any other crossing hex never (board.noZocInto).
 */
export function zocCrosses(ctx: GameContext, b: Board, e: number, i: number, j: number): boolean {
  if (b.zocBlocked[e]) return false;
  const r = crossingRules(ctx);
  if (r.zocThroughEntry[i] && !b.crossingOf.get(i)!.includes(j)) return false;
  if (r.zocThroughEntry[j]) return b.crossingOf.get(j)!.includes(i);
  return !b.noZocInto[j];
}
