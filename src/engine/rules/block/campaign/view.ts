/**
 * The campaign's fog of war (seed 002, 2.4, 5.11, 3.12; notes §8). A seat
 * sees its own blocks whole. Of the enemy's it sees what the physical game
 * shows of an upright block: its side and hex (so how many stand in each
 * hex), whether it moved this turn and its force-march marker; an active HQ
 * (tilted face-up, 5.11) shows its identity and CV until it stands upright
 * again. The public (null reader) sees every block that way. The sealed
 * initiative bids show only the reader's own bid and who has answered
 * (secrecy.ts sealedRoundFor); so do the Replacement Turn's orders (12.1),
 * and of the enemy's pool only its total (notes §8.2), and the free
 * deployment's placements (4.25) until both sides have ended. In the Supply Phase
 * the opponent sees in which hex the owner breaks a tie of largest units,
 * not which blocks tie (11.6). Block ids are a seeded shuffle, so neither an
 * id nor the listing order says anything (notes §8.4.1). A battle being
 * fought is shown as the battle engine shows it (block-view.ts).
 */
import { sealedRoundFor } from '../../../secrecy';
import { blockView } from '../block-view';
import { deploymentFor } from './deployment';
import { poolFor, replacementTurnFor } from './replacements';
import type { CampaignBattle, CampaignBlock, CampaignEvent, CampaignState, Side } from './types';

export interface UprightBlock {
  id: string;
  side: Side;
  hex: string | null;
  moved: boolean;
  forceMarch: CampaignBlock['forceMarch'];
  hidden: true;
}
export type VisibleCampaignBlock = CampaignBlock & { hidden: false };

/** A block as `reader` may see it now. */
export function campaignBlockFor(
  b: CampaignBlock,
  reader: Side | null,
): UprightBlock | VisibleCampaignBlock {
  if (reader === b.side || b.active) return { ...b, hidden: false };
  return {
    id: b.id,
    side: b.side,
    hex: b.hex,
    moved: b.moved,
    forceMarch: b.forceMarch,
    hidden: true,
  };
}

/** A battle on the board as `reader` may see it; which campaign block each battle block is, for his own only. */
function battleFor(state: CampaignState, battle: CampaignBattle, reader: Side | null) {
  return {
    hex: battle.hex,
    board: blockView(battle.state, reader),
    blocks: Object.fromEntries(
      Object.entries(battle.blocks).filter(
        ([, id]) => state.blocks.find((b) => b.id === id)?.side === reader,
      ),
    ),
  };
}

/** The state as `reader` (a seat, or null for the public) may see it. */
export function campaignView(state: CampaignState, reader: Side | null) {
  return {
    ...state,
    bids: state.bids ? sealedRoundFor(state.bids, reader) : null,
    // 12.1, notes §8.2: the reader's own replacement orders and pool only.
    replacements: state.replacements && replacementTurnFor(state.replacements, reader),
    // 4.25, §10 D4: the reader's own placements only, until both sides have ended.
    deployment: state.deployment && deploymentFor(state.deployment, reader),
    pool: poolFor(state, reader),
    // 11.6: which blocks tie as the largest in a hex (and so share a CV) is the owner's to know.
    supply: state.supply && {
      ...state.supply,
      choice:
        state.supply.choice &&
        (reader === state.active ? state.supply.choice : { hex: state.supply.choice.hex }),
    },
    blocks: state.blocks.map((b) => campaignBlockFor(b, reader)),
    // The battle on the board as the battle engine shows it to this reader; which
    // campaign block each battle block is, for the reader's own blocks only.
    battle: state.battle && battleFor(state, state.battle, reader),
    // A34: the other battles under way on the shared clock, each as the battle engine shows it.
    clock: state.clock && {
      ...state.clock,
      held: state.clock.held.map((b) => battleFor(state, b, reader)),
    },
  };
}
export type CampaignView = ReturnType<typeof campaignView>;

/** The events `reader` may see (an event with visibleTo goes to that side only). */
export function campaignEventsFor(events: CampaignEvent[], reader: Side | null): CampaignEvent[] {
  return events.filter((e) => e.visibleTo === undefined || e.visibleTo === reader);
}
