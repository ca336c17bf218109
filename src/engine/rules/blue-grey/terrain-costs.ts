/**
 * Movement costs of the Terrain Effects Chart (10.1), as data. Movement
 * Points are counted in integer thirds so that the turnpike's 2/3 MP (6.22)
 * stays exact: 1 MP = 3 thirds.
 *
 * Two columns where the chart gives two costs ("2/3*"): the first for
 * infantry and cavalry ("foot"), the second for artillery and horse
 * artillery ("guns"). Wagon trains move like guns (wheeled).
 */
import type { HexTerrain, HexsideFeature, UnitType } from '../../types';
import { BLUE_GREY_2E } from './parameters';

export const THIRDS = 3;
export const PROHIBITED = -1;

/** Cost column of the Terrain Effects Chart a unit type uses. */
export type CostClass = 0 | 1;
export const FOOT: CostClass = 0;
export const GUNS: CostClass = 1;

export function costClassOf(type: UnitType): CostClass {
  switch (type) {
    case 'artillery':
    case 'horse-artillery':
    case 'train':
    case 'siege-train':
      return GUNS;
    default:
      return FOOT;
  }
}

/** 10.1: thirds of an MP to enter a hex, [foot, guns]; PROHIBITED where units may never enter (6.27). */
export function hexEntryCost(terrain: HexTerrain, level: number): [number, number] {
  switch (terrain) {
    case 'clear':
      // Clear level 1 and 2 cost 1, level 3 costs 2 (10.1).
      return level >= 3 ? [6, 6] : [3, 3];
    case 'forest':
      return [6, 9];
    case 'rough':
      return [9, 9];
    case 'forest-rough':
      return [15, 18];
    case 'swamp':
      return [9, 12];
    case 'town':
      return [3, 3];
    case 'bridge':
      return [3, 3];
    case 'ford':
      return [9, 9];
    case 'ferry':
      return [9, 9];
    case 'pontoon':
      return [3, 3];
    case 'river':
    case 'lake':
    case 'pond':
      return [PROHIBITED, PROHIBITED];
  }
}

/**
 * 6.24: along a trail, 1 MP into clear (any level) or town; 2 MP into
 * forest, rough or swamp; the TEC adds "use other Terrain cost if less".
 */
export function trailEntryCost(terrain: HexTerrain, level: number, cls: CostClass): number {
  const other = hexEntryCost(terrain, level)[cls];
  if (other === PROHIBITED) return PROHIBITED;
  if (terrain === 'clear' || terrain === 'town') return 3;
  return Math.min(6, other);
}

/** 6.22, 6.23: turnpike 2/3 MP, road and railway 1 MP. */
export const TURNPIKE_COST = 2;
export const ROAD_COST = 3;

/**
 * Hexside costs on top of the hex (6.25, 10.1), in thirds, excluding slopes
 * (6.26, handled apart because routes negate them). PROHIBITED for creek,
 * river and lake hexsides without a bridge or ford (6.27, 6.29; lake: A18).
 * `intoCrossingHex`: the hex entered is itself a bridge or ford hex, whose
 * chart note says bridge and ford hexside effects do not apply (A9).
 */
export function hexsideCost(features: readonly HexsideFeature[], intoCrossingHex: boolean): number {
  let barrier = false;
  let crossing = false;
  let cost = 0;
  for (const f of features) {
    switch (f.type) {
      case 'creek':
      case 'river':
      case 'lake':
        barrier = true;
        break;
      case 'bridge':
      case 'ford':
        crossing = true;
        // 6.29: +1 MP through a bridge or ford hexside (the 1975 rules: bridge +0, ford +1).
        if (!intoCrossingHex)
          cost +=
            3 * (f.type === 'bridge' ? BLUE_GREY_2E.bridgeHexsideMp : BLUE_GREY_2E.fordHexsideMp);
        break;
      case 'stream':
        cost += 6; // 10.1: +2 MP
        break;
      case 'ridge':
        cost += 6; // 10.1: +2 MP
        break;
      case 'entrenchment':
        cost += 3; // 10.1: +1 MP
        break;
      default:
        break; // slope handled apart; sunken road, redoubt: other terrain (10.1)
    }
  }
  if (barrier && !crossing) return PROHIBITED;
  return cost;
}

/** 6.26: an up-slope hexside costs +1 MP, nothing along a route. */
export const SLOPE_UP_COST = 3;
