/**
 * Battles from the map (seed 002, 3.23, 6.1; notes §5.1). At the start of the
 * Combat Phase every hex holding both sides' units is a battle; the active
 * player is the Attacker in all of them, the hexes his blocks entered from
 * are his retreat routes (7.11).
 *
 * battleScenarioFor hands a pending battle to the battle engine
 * (block/battle-scenario.ts newBattle): the hex's terrain and fortress, its
 * six hexsides with their Terrain Effects rows, which of them were attacked
 * across and which side stands beyond (A37), the blocks in the hex, and the
 * blocks of either side in the adjacent hexes as reinforcements (7.5).
 *
 * A battle in a hex the Attacker landed in by Naval Invasion this turn
 * (10.4, naval.ts) is a naval invasion battle: no attack limit holds the
 * invaders (A53), and they alone may retreat by sea, or by land into any
 * adjacent hex their side controls (10.5: each hexside carries the
 * controller of the hex across; blocks that came by land are marked
 * `invader: false`).
 *
 * combat.ts fights them on the board and brings the outcome back to the map.
 */
import type { BattleScenarioUnit, BlockBattleScenario } from '../battle-scenario';
import { BLOCK_SYSTEM, BLOCK_VERSION } from '../battle-scenario';
import type { UnitType } from '../types';
import { controller, occupants } from './control';
import type { CampaignMap } from './terrain';
import type { CampaignBlock, CampaignState, PendingBattle } from './types';
import { attackKey, otherSide } from './types';

/** 3.23, 6.1: the battles the Movement Phase made, by hex. */
export function pendingBattles(state: CampaignState, map: CampaignMap): PendingBattle[] {
  const attacker = state.active!;
  const out: PendingBattle[] = [];
  for (const [hex, sides] of [...occupants(state)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (sides.size < 2) continue;
    const attackedFrom = map
      .neighbours(hex)
      .filter((n) => (state.attacks[attackKey(hex, n)] ?? 0) > 0)
      .sort();
    out.push({ hex, attacker, attackedFrom });
  }
  return out;
}

const battleType = (b: CampaignBlock): UnitType =>
  b.type === 'csa-hq' || b.type === 'usa-hq' ? 'hq' : b.type;

/** The battle engine's scenario for a pending battle (see above). */
export function battleScenarioFor(
  state: CampaignState,
  map: CampaignMap,
  battle: PendingBattle,
): BlockBattleScenario {
  const { hex } = battle;
  const occ = occupants(state);
  const location = map.doc.hexes[hex].location;
  const place = location ? map.doc.locations[location] : undefined;
  const nameOf = (h: string) => {
    const l = map.doc.hexes[h]?.location;
    return l ? map.doc.locations[l].name : h;
  };
  const around = map.neighbours(hex);
  const unit = (b: CampaignBlock, at: BattleScenarioUnit['at']): BattleScenarioUnit => ({
    key: b.id,
    side: b.side,
    name: b.name ?? b.type,
    type: battleType(b),
    cv: b.cv,
    maxCv: b.maxCv,
    ...(b.hq ? { hq: { ...b.hq } } : {}),
    at,
  });
  // 10.4: the blocks that landed here this turn, and the port (by name) the first sailed from.
  const landed = state.invasions.filter(
    (i) => i.to === hex && state.blocks.find((b) => b.id === i.block)?.hex === hex,
  );
  const invaders = new Set(landed.map((i) => i.block));
  const units: BattleScenarioUnit[] = [];
  for (const b of state.blocks) {
    if (b.hex === hex)
      units.push({
        ...unit(b, 'battle'),
        ...(landed.length > 0 && b.side === battle.attacker && !invaders.has(b.id)
          ? { invader: false }
          : {}),
      });
    else if (b.hex !== null && around.includes(b.hex) && (occ.get(b.hex)?.size ?? 0) === 1)
      units.push(unit(b, { hexside: b.hex }));
  }
  return {
    id: `${state.scenario}-${state.month}-${state.turn}-${hex}`,
    title: `Battle of ${nameOf(hex)}`,
    kind: 'block-battle',
    rules: { system: BLOCK_SYSTEM, version: BLOCK_VERSION },
    date: `${state.month}-01`,
    year: Number(state.month.slice(0, 4)),
    theater: state.theater,
    weather: state.weather,
    hex: {
      name: nameOf(hex),
      terrain: map.doc.hexes[hex].terrain === 'forest' ? 'forest' : 'clear',
      fortress: place?.fortress === true,
    },
    attacker: battle.attacker,
    ...(landed.length > 0
      ? { navalInvasion: { port: nameOf([...landed.map((i) => i.from)].sort()[0]) } }
      : {}),
    hexsides: around.map((n) => {
      const sides = occ.get(n);
      return {
        id: n,
        terrain: map.hexside(hex, n),
        beyond: nameOf(n),
        attackedAcross: battle.attackedFrom.includes(n),
        occupant: sides && sides.size === 1 ? [...sides][0] : null,
        // 10.5: an invader may retreat into an adjacent hex its side controls (8.1).
        controller: controller(state, map.doc, n),
      };
    }),
    units,
    sources: ['campaign'],
    notes: `${otherSide(battle.attacker)} defends ${nameOf(hex)} (${hex}), ${state.month}`,
  };
}
