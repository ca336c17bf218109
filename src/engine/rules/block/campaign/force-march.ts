/**
 * Forced marches (seed 002, 5.32, 5.321, 5.322; notes §4.4). A force-marched
 * unit moved its extra hex and was marked; after every other move of the
 * turn (the HQs' included, so nobody can react to the results) one die is
 * rolled for each marked unit: Cavalry +1, Artillery -1 (Heavy too, A18),
 * -1 across a rough (not Clear) hexside, -1 in Mud. USA 5-6 and CSA 4-6
 * keep the extra hex; otherwise the unit goes back to the hex it reached at
 * its normal speed and loses a step to stragglers, a 1cv unit being
 * eliminated (A19).
 */
import type { Dice } from '../../../dice';
import { forceMarchModifier, forceMarchSucceeds } from '../data';
import type { CampaignEvent, CampaignState } from './types';

export function resolveForceMarches(
  state: CampaignState,
  dice: Dice,
  events: CampaignEvent[],
): void {
  for (const b of state.blocks) {
    if (!b.forceMarch || b.hex === null) continue;
    const { via, rough } = b.forceMarch;
    b.forceMarch = null;
    const roll = dice.d6();
    const modified = roll + forceMarchModifier(b.type, rough, state.weather);
    const success = forceMarchSucceeds(b.side, modified);
    // The die is public (notes §8.1); the modified total would tell the block's type.
    events.push({ type: 'force-march', block: b.id, hex: b.hex, roll, success, rule: '5.321' });
    events.push({
      type: 'force-march-total',
      visibleTo: b.side,
      block: b.id,
      modified,
      rule: '5.322',
    });
    if (success) continue;
    b.hex = via;
    if (b.cv <= 1) {
      b.hex = null;
      b.cv = 0;
      events.push({ type: 'eliminated', block: b.id, why: 'stragglers', rule: '5.322' });
    } else {
      b.cv -= 1;
      events.push({ type: 'fell-back', block: b.id, hex: via, rule: '5.322' });
      events.push({ type: 'step-lost', visibleTo: b.side, block: b.id, cv: b.cv, rule: '5.322' });
    }
  }
}
