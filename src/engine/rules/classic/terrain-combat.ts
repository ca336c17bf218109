/**
 * Terrain in 1975 combat (O7.4, TEC): terrain multiplies the defender, never
 * the attacker. "This increase is always a multiple of the original Combat
 * Strength" (O7.4): multipliers are not cumulative, the single largest one
 * applies (rules-editions.md 1.12.1).
 *
 *   rough, forest & rough, town hex: defender ×2 in the hex;
 *   all attacking units attack across bridge and/or ford hexsides: ×2;
 *   all attacking units attack across redoubt hexsides from the barbed
 *   ("enemy") side: ×3 (Chattanooga 18.12);
 *   forest alone: no effect (it only blocks Line of Sight).
 *
 * Each defending unit is multiplied by its own hex and the hexsides into it
 * (1.12.8). A bombarding unit "attacks across" the target's hexside(s) its
 * Line of Sight enters through; where the line enters at a vertex the
 * defender takes the more favourable of the two (1.12.2).
 */
import type { TerrainMap } from '../../map';
import type { HexId, HexTerrain } from '../../types';
import { entryHexsides } from '../blue-grey/line-of-sight';

/** TEC: the multiplier of the hex itself. */
export function hexDefenceMultiplier(terrain: HexTerrain): number {
  return terrain === 'rough' || terrain === 'forest-rough' || terrain === 'town' ? 2 : 1;
}

export interface ClassicTerrainEffect {
  multiplier: number;
  /** Why, for the event ("rough hex", "all across bridge/ford hexsides", "all across redoubt hexsides"). */
  reason: string;
}

/**
 * The multiplier of units defending in `hex` against adjacent attackers in
 * `attackerHexes` and bombarding artillery in `bombardHexes`.
 */
export function classicDefenceMultiplier(
  map: TerrainMap,
  hex: HexId,
  attackerHexes: readonly HexId[],
  bombardHexes: readonly HexId[] = [],
): ClassicTerrainEffect {
  const effects: ClassicTerrainEffect[] = [{ multiplier: 1, reason: 'no terrain effect' }];
  const terrain = map.hex(hex).terrain;
  const own = hexDefenceMultiplier(terrain);
  if (own > 1) effects.push({ multiplier: own, reason: `${terrain} hex` });
  // The hexsides each attacker attacks across: the shared one, or the one(s) a bombardment enters by.
  const through: HexId[][] = [
    ...attackerHexes.map((a) => [a]),
    ...bombardHexes.map((b) => (map.grid.distance(b, hex) <= 1 ? [b] : entryHexsides(map, b, hex))),
  ];
  if (through.length > 0) {
    const across = (types: string[], sides: HexId[]) =>
      sides.some((n) =>
        map
          .hexside(n, hex)
          .some(
            (f) =>
              types.includes(f.type) &&
              (f.type !== 'redoubt' || (f.type === 'redoubt' && f.friendly === hex)),
          ),
      );
    if (through.every((sides) => across(['bridge', 'ford'], sides)))
      effects.push({
        multiplier: 2,
        reason: 'all attacking units attack across bridge/ford hexsides',
      });
    if (through.every((sides) => across(['redoubt'], sides)))
      effects.push({ multiplier: 3, reason: 'all attacking units attack across redoubt hexsides' });
  }
  return effects.reduce((best, e) => (e.multiplier > best.multiplier ? e : best));
}
