/**
 * terrain-override, a battle's own lines for its named creeks (battles.md
 * §17 rank 11).
 *
 * Road to Vicksburg 19.11: "Zones of Control extend across Jackson's Creek
 * into adjacent hexes." 19.14: "A unit attacked across a Jackson's Creek hex
 * side (or any bridge or ford hex side) has its Combat Strength halved."
 * Form { creek, drawnAs: "stream", appliedInMapData: true }: the map draws
 * the creek as stream hexsides, whose standard lines are exactly these
 * (7.6: Zones of Control extend across stream hexsides; 10.1: an attacker
 * across a stream, bridge or ford hexside is halved, artillery not). The
 * declaration changes nothing in play; the scenario's map build and spec pin
 * that the creek is drawn so. (19.14 read as the attacker's strength:
 * NOTES.)
 *
 * 19.12: "Artillery units can cross Jackson's Creek only at a bridge or a
 * ford." 19.13: "Artillery units cannot move off a road in the wooded hexes
 * east of Jackson's Creek within six hexes of Middle Road."
 * Form { unitTypes, streamOnlyAt: ["bridge", "ford"], offRoadForbiddenIn?: HexId[] }:
 * in a Movement Phase a unit of those types never steps across a stream
 * hexside (the map's Jackson's Creek) that carries neither a bridge nor a
 * ford, and every step into or out of one of `offRoadForbiddenIn` (the
 * wooded hexes east of the creek within six hexes of the Middle Road, listed
 * by the scenario) runs along a road. Retreats and advances are not moves.
 *
 * 19.15: "Units are not required to attack across a Baker's Creek bridge hex
 * side; such attacks are at the option of the Phasing Player."
 * Form { hexside: "creek-bridge", attackRequired: false }: an Enemy unit
 * whose Zone of Control reaches a unit only across a creek hexside with a
 * bridge (on this map Baker's Creek's; Jackson's Creek is drawn as a stream)
 * does not oblige that unit to attack (8.11), nor must its hex be attacked;
 * an attack across it may still be made.
 *
 * params: { creek: string, drawnAs: "stream", appliedInMapData: true }
 *       | { unitTypes: UnitType[], streamOnlyAt: ["bridge", "ford"], offRoadForbiddenIn?: HexId[] }
 *       | { hexside: "creek-bridge", attackRequired: false }
 */
import type { HexId, RuleHook, UnitType } from '../../types';
import { refusal } from '../blue-grey/refusals';
import { knownParams, type HookSupport, type MovementHook } from './movement-hook';

export function isCreekTerrainForm(rule: RuleHook): boolean {
  const p = rule.params ?? {};
  return p.drawnAs !== undefined || p.streamOnlyAt !== undefined || p.attackRequired !== undefined;
}

export const creekTerrainSupport: HookSupport = knownParams(
  [
    'creek',
    'drawnAs',
    'appliedInMapData',
    'unitTypes',
    'streamOnlyAt',
    'offRoadForbiddenIn',
    'hexside',
    'attackRequired',
  ],
  (p) => {
    const keys = Object.keys(p).sort().join(',');
    if (p.drawnAs !== undefined) {
      if (keys !== 'appliedInMapData,creek,drawnAs')
        return 'a creek drawn in the map mixed with another line';
      if (p.drawnAs !== 'stream' || p.appliedInMapData !== true || typeof p.creek !== 'string')
        return `a creek drawn as ${JSON.stringify(p.drawnAs)}`;
      return null;
    }
    if (p.streamOnlyAt !== undefined) {
      if (
        !Array.isArray(p.unitTypes) ||
        p.unitTypes.length === 0 ||
        !Array.isArray(p.streamOnlyAt) ||
        p.streamOnlyAt.some((x) => x !== 'bridge' && x !== 'ford') ||
        (p.offRoadForbiddenIn !== undefined && !Array.isArray(p.offRoadForbiddenIn))
      )
        return 'a stream crossing line without "unitTypes" and "streamOnlyAt"';
      if (p.hexside !== undefined || p.attackRequired !== undefined || p.drawnAs !== undefined)
        return 'a stream crossing line mixed with another line';
      return null;
    }
    if (
      keys !== 'attackRequired,hexside' ||
      p.hexside !== 'creek-bridge' ||
      p.attackRequired !== false
    )
      return `hexside ${JSON.stringify(p.hexside)} attackRequired ${JSON.stringify(p.attackRequired)}`;
    return null;
  },
);

export function creekTerrain(rule: RuleHook): MovementHook {
  const p = rule.params ?? {};
  const base = { hook: rule.hook, case: rule.case };
  if (p.drawnAs !== undefined) return base; // the map's stream hexsides carry it
  if (p.streamOnlyAt !== undefined) {
    const types = new Set(p.unitTypes as UnitType[]);
    const at = new Set(p.streamOnlyAt as string[]);
    const woods = new Set((p.offRoadForbiddenIn as HexId[] | undefined) ?? []);
    return {
      ...base,
      stepForbidden(ctx, _state, unit) {
        const t = ctx.unitSpecs.get(unit.id)?.type;
        if (!t || !types.has(t)) return null;
        return (from, to) => {
          const f = ctx.map.hexside(from, to).map((x) => x.type);
          if (f.includes('stream') && !f.some((x) => at.has(x)))
            return refusal(
              'PROHIBITED_HEXSIDE',
              rule.case,
              `${unit.id} (artillery) crosses the creek only at a bridge or ford (${from}-${to})`,
            );
          if (
            (woods.has(from) || woods.has(to)) &&
            !ctx.map.routesBetween(from, to).some((r) => r === 'road' || r === 'turnpike')
          )
            return refusal(
              'OFF_ROAD',
              rule.case,
              `${unit.id} (artillery) may not move off the road in the woods (${from}-${to})`,
            );
          return null;
        };
      },
    };
  }
  return {
    ...base,
    attackOptionalAcross(ctx, a, b) {
      const f = ctx.map.hexside(a, b).map((x) => x.type);
      return f.includes('creek') && f.includes('bridge');
    },
  };
}
