/**
 * objective-control, variant "last unit or uncontested Zone of Control", with
 * a tally of control each Game-Turn (battles.md §17 ranks 2 and 7).
 *
 * Road to Vicksburg 21.2: "Control of the crossroads (hex 1309) is
 * determined at the end of each Game-Turn; control of other Victory Point
 * hexes is determined at the end of the game. A hex is controlled by a
 * Player if a Friendly unit was the last to occupy, pass through, or exert an
 * uncontested Zone of Control into it. If opposing units both exert a Zone of
 * Control into a given unoccupied Victory Point hex, then it is controlled by
 * neither Player. Hexes 1902, 1911, 1920 and 1504 begin the game under Union
 * control; all other Victory Point hexes begin the game under Confederate
 * control."
 *
 * Readings: the movement rules record the last side to move a unit into or
 * through an objective hex (state.objectives) and a unit in the hex decides
 * (victory.ts); the initial holders are the objectives' `initial`. After every
 * accepted order, for each listed hex whose occupant or Zones of Control
 * changed (so a Zone of Control covering a hex from the start leaves the
 * initial holder): a unit in it makes it that side's; else one side's Zone of
 * Control alone makes it that side's ("uncontested"); both sides' make it
 * neither side's (null) while both last; none leaves the last holder. Zones
 * of Control as 7.1/7.6 (gunboats and trains have none). At the end of each
 * Game-Turn (the second Player-Turn) the controller of each `tallyEachGameTurn`
 * hex is recorded (VictoryInputs.controlTallies, read by the
 * controlled-each-turn victory rule).
 *
 * params: { hexes: HexId[], control: "last-unit-or-uncontested-zoc", tallyEachGameTurn?: HexId[] }
 */
import type { GameContext } from '../../game';
import type { GameState } from '../../state';
import type { HexId, RuleHook, Side } from '../../types';
import { hookKey, hookStateOf, withHookState } from './hook-state';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';
import { zocControlAfterOrder } from './objective-control';

export function isContestedControlForm(rule: RuleHook): boolean {
  return rule.params?.control === 'last-unit-or-uncontested-zoc';
}

export const contestedControlSupport: HookSupport = knownParams(
  ['hexes', 'control', 'tallyEachGameTurn'],
  (p) => {
    if (!Array.isArray(p.hexes) || p.hexes.length === 0) return 'objective control without "hexes"';
    const t = p.tallyEachGameTurn;
    if (
      t !== undefined &&
      (!Array.isArray(t) || t.length === 0 || t.some((h) => !(p.hexes as unknown[]).includes(h)))
    )
      return `tallyEachGameTurn ${JSON.stringify(t)} (each one of "hexes")`;
    return null;
  },
);

type Tally = { turn: number; controlled: Record<HexId, Side | null> };

/** Who controls `hex` now: a unit in it, else the tracked holder, else its initial holder. */
export function controlOf(ctx: GameContext, state: GameState, hex: HexId): Side | null {
  for (const id in state.units) {
    const u = state.units[id];
    if (u.status === 'on-map' && u.hex === hex && ctx.unitSpecs.get(id)?.type !== 'gunboat')
      return u.side;
  }
  if (hex in state.objectives) return state.objectives[hex];
  return ctx.scenario.victory.objectives.find((o) => o.hex === hex)?.initial ?? null;
}

export function contestedControl(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const hexes = p.hexes as HexId[];
  const tallied = (p.tallyEachGameTurn as HexId[] | undefined) ?? [];
  const key = hookKey(rule);

  return {
    hook: rule.hook,
    case: rule.case,
    afterOrder(ctx, before, after) {
      if (after.phase === 'setup' || before.phase === 'setup') return null;
      // Both covering it: contested, neither's (21.2).
      return zocControlAfterOrder(ctx, before, after, hexes, rule.case, () => null);
    },
    endOfPlayerTurn(ctx, state, side) {
      if (tallied.length === 0 || side === ctx.scenario.firstPlayer) return null;
      const tallies = hookStateOf<Tally[]>(state, key, []);
      if (tallies.some((t) => t.turn === state.turn)) return null;
      const controlled: Record<HexId, Side | null> = {};
      for (const h of tallied) controlled[h] = controlOf(ctx, state, h);
      return {
        state: withHookState(state, key, [...tallies, { turn: state.turn, controlled }]),
        events: [{ type: 'control-tallied', turn: state.turn, controlled, rule: rule.case }],
      };
    },
    victoryInputs(_ctx, state) {
      return { controlTallies: hookStateOf<Tally[]>(state, key, []) };
    },
  };
}
