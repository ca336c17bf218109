/**
 * The search behind mandatory combat in both editions (revised A17; 1975
 * O7.11, O7.12, O7.22-O7.25, O8.13): can every remaining obligation still
 * be met by one set of attacks?
 *
 * Each edition describes its position as data and the search is the same:
 *
 *   - groups: what attacks as one. In the revised rules each unit is a
 *     group; in the 1975 rules the units of a hex attack as one strength
 *     (O7.22), so a hex is a group, and the artillery of a hex that
 *     bombards is a group (O8.14: they bombard the same hex).
 *   - a group attacks adjacent hexes (`adjacent`: every unit of the group
 *     may attack that hex from where it stands) or bombards (`ranged`:
 *     some unit of the group has range and Line of Sight to it);
 *   - obliged groups must attack (always as adjacent attackers: a unit in
 *     an Enemy Zone of Control does not bombard);
 *   - required hexes must be attacked; a hex is attacked at most once.
 *
 * A combat is valid when every adjacent group is adjacent to every one of
 * its hexes (8.25, O7.25), every bombarding group has range to one of
 * them (9.22, O8.22), and a combat of bombarding groups alone attacks one
 * hex (9.13, O8.13). Only one free (not obliged) group is ever needed per
 * combat, since leaving an optional attacker out keeps a combat valid.
 *
 * Depth-first: each obliged group joins a combat already planned or opens
 * one against a set of hexes it may attack; then each required hex not yet
 * attacked joins a planned combat or is attacked by one free group. A
 * search that runs out of budget answers with an empty witness (treated as
 * feasible; end-phase then lapses what cannot be met).
 */
import type { HexId } from '../../types';

export interface AttackGroup {
  id: string;
  /** Hexes this group may attack from adjacent hexes, every unit of it together. */
  adjacent: HexId[];
  /** Hexes this group may bombard (some unit of it in range, with Line of Sight). */
  ranged: HexId[];
}

export interface WitnessCombat {
  hexes: HexId[];
  /** Ids of the groups attacking: adjacent attackers, then bombarding ones. */
  units: string[];
}

export const SEARCH_BUDGET = 20000;

/**
 * A set of combats meeting every obligation, or null when none exists.
 * `obliged` are ids of groups that must attack; `groups` every group that
 * may still attack (the obliged ones among them, in a fixed order).
 */
export function coverObligations(
  obliged: string[],
  required: HexId[],
  groups: AttackGroup[],
  budget = SEARCH_BUDGET,
): WitnessCombat[] | null {
  if (obliged.length === 0 && required.length === 0) return [];
  const byId = new Map(groups.map((g) => [g.id, g]));
  const canAdj = (id: string, h: HexId) => (byId.get(id)?.adjacent ?? []).includes(h);
  const canFire = (id: string, h: HexId) => (byId.get(id)?.ranged ?? []).includes(h);
  interface Planned {
    hexes: HexId[];
    adjacent: string[];
    ranged: string[];
  }
  const combats: Planned[] = [];
  const used = new Set<string>();
  const taken = new Set<HexId>();

  const solve = (k: number): boolean => {
    if (--budget < 0) return true;
    if (k < obliged.length) {
      const id = obliged[k];
      used.add(id);
      for (const c of combats) {
        if (c.hexes.every((h) => canAdj(id, h))) {
          c.adjacent.push(id);
          if (solve(k + 1)) return true;
          c.adjacent.pop();
        }
      }
      const options = (byId.get(id)?.adjacent ?? []).filter((h) => !taken.has(h));
      const n = options.length;
      for (let mask = 1; mask < 1 << n; mask++) {
        const hs = options.filter((_, i) => mask & (1 << i));
        combats.push({ hexes: hs, adjacent: [id], ranged: [] });
        hs.forEach((h) => taken.add(h));
        if (solve(k + 1)) return true;
        hs.forEach((h) => taken.delete(h));
        combats.pop();
      }
      used.delete(id);
      return false;
    }
    const h = required.find((x) => !taken.has(x));
    if (h === undefined) return true;
    taken.add(h);
    for (const c of combats) {
      // A combat of bombarding groups alone attacks one hex (9.13, O8.13).
      if (c.adjacent.length > 0 && c.adjacent.every((id) => canAdj(id, h))) {
        c.hexes.push(h);
        if (solve(k)) return true;
        c.hexes.pop();
      }
    }
    for (const g of groups) {
      if (used.has(g.id)) continue;
      const adj = canAdj(g.id, h);
      if (!adj && !canFire(g.id, h)) continue;
      used.add(g.id);
      combats.push({ hexes: [h], adjacent: adj ? [g.id] : [], ranged: adj ? [] : [g.id] });
      if (solve(k)) return true;
      combats.pop();
      used.delete(g.id);
    }
    taken.delete(h);
    return false;
  };
  if (!solve(0)) return null;
  return budget < 0
    ? []
    : combats.map((c) => ({ hexes: [...c.hexes], units: [...c.adjacent, ...c.ranged] }));
}
