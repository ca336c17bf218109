/**
 * Fog of war for the block game (notes §8; Overview: "You cannot see the
 * type or strength of enemy units until battles occur").
 *
 * blockView(state, reader) is what a reader may see: a seat sees all of its
 * own blocks and, of the enemy's, where each stands (so how many per cell
 * and per adjacent hex), its status markers (Disrupted, Lost, fired, moved,
 * half-hits) and — only while it is revealed (it fired, or is engaged after
 * the moves of a turn: sb "Battle Fog of War", 7.41) — its type, name and
 * CV. Maximum CV and HQ identity are hidden with the block. The public
 * (reader null) sees no block's identity unless it is revealed. Once the
 * battle is over everything is shown (the replay can then be verified).
 *
 * Block ids are a seeded shuffle (battle-scenario.ts), and blocks are
 * listed by id, so neither an id nor the order says anything.
 *
 * blockEventsFor keeps the events a reader may see: an event with `visibleTo` is
 * its side's only (the new CV of a hidden block that lost a step, A62).
 */
import type { BlockBattleState, BlockEvent, BlockUnit, Place, Side } from './types';
import { battleMustAct, battleVictory } from './battle';

export interface HiddenBlock {
  id: string;
  side: Side;
  place: Place;
  hidden: true;
  disrupted: boolean;
  fired: boolean;
  moves: number;
  retreating: string | null;
}

export type VisibleBlock = Omit<BlockUnit, 'moves'> & { moves: number; hidden: false };

export function blockVisibleTo(
  state: BlockBattleState,
  u: BlockUnit,
  reader: Side | null,
): boolean {
  return state.phase.name === 'over' || u.side === reader || u.revealed;
}

function visible(u: BlockUnit): VisibleBlock {
  return { ...u, moves: u.moves.length, hidden: false };
}

function hidden(u: BlockUnit): HiddenBlock {
  return {
    id: u.id,
    side: u.side,
    place: u.place,
    hidden: true,
    disrupted: u.disruptedThroughDay !== null,
    fired: u.fired,
    moves: u.moves.length,
    retreating: u.retreating,
  };
}

export function blockView(state: BlockBattleState, reader: Side | null) {
  const over = state.phase.name === 'over';
  const pending =
    state.pending === null
      ? null
      : state.pending.side === reader || over
        ? state.pending
        : { kind: state.pending.kind, side: state.pending.side };
  return {
    system: state.system,
    kind: state.kind,
    scenarioId: state.scenarioId,
    reader,
    theater: state.theater,
    year: state.year,
    month: state.month,
    weather: state.weather,
    terrain: state.terrain,
    attacker: state.attacker,
    defender: state.defender,
    options: state.options,
    hexsides: state.hexsides,
    attackerHexsides: state.attackerHexsides,
    day: state.day,
    slot: state.slot,
    turnSide: state.turnSide,
    phase: state.phase,
    mustAct: battleMustAct(state),
    pending,
    melee: state.melee,
    holders: state.holders,
    halfHits: state.turn.halfHits,
    turn: {
      retreats: state.turn.retreats,
      reinforcements: state.turn.reinforcements,
      drAdmits: state.turn.drAdmits,
      fireStarted: state.turn.fireStarted,
    },
    night: state.night,
    units: state.units.map((u) => (blockVisibleTo(state, u, reader) ? visible(u) : hidden(u))),
    result: state.result,
    victory: battleVictory(state),
    diceDrawn: state.diceDrawn,
  };
}

export type BlockView = ReturnType<typeof blockView>;

export function blockEventsFor(
  events: BlockEvent[],
  reader: Side | null,
  finished: boolean,
): BlockEvent[] {
  return events.filter((e) => finished || e.visibleTo === undefined || e.visibleTo === reader);
}
