/**
 * Terrain in combat (8.4, 10.2, the Terrain Effects Chart of 10.1, 10.38):
 * which attackers are halved, which column shifts apply, and the defender's
 * forest/woods choice (8.45). The algorithm is rules-editions §2.10:
 *
 * 1. Every unit in a combat attacks every defending hex for hex terrain
 *    (10.24); hexsides are per unit: the shared hexside for an adjacent
 *    unit, the target hexside(s) its line of sight enters by for a
 *    bombarding one (A21).
 * 2. A unit is halved at most once (10.22) if any defending hex is rough,
 *    forest/woods-rough or swamp, or any hexside it attacks over is a
 *    stream, bridge, ford, up-slope, redoubt, entrenchment or trench side
 *    (the last three from their enemy side). Artillery and gunboats are never
 *    halved for water obstacles (8.47, 9.16, 9.23, 9.45).
 * 3. Left shifts: forest/woods 1, town 1, fort 2 (hex shifts, always
 *    qualifying); redoubt and entrenchment 1 only if every attacker attacks
 *    over one (10.23); Breastworks/Trench 1 if every adjacent attacker comes
 *    through the marker's hexsides, non-adjacent artillery never cancelling
 *    it (10.38). Only the largest counts (8.44, 10.25).
 * 4. Right shifts: bridge hex 2, ford hex 1, Breastworks Under Construction 1
 *    (10.34 i); the largest counts (10.26). Net = right − left (10.27).
 * 5. Forest/woods (8.45): its shift is instead of every other benefit; when
 *    both are available the defender chooses (D-R3).
 */
import type { TerrainMap } from '../../map';
import type { HexId, HexTerrain } from '../../types';

export interface FieldworkLike {
  hex: HexId;
  kind: 'breastworks' | 'under-construction' | 'trench';
  facing: HexId[];
}

/** A30: what a Trench hexside does to attackers coming through it from the enemy side. */
export type TrenchEffect = 'halve-and-shift' | 'halve' | 'shift';

export interface TerrainAttacker {
  id: string;
  hex: HexId;
  /** Artillery, horse artillery and gunboats: never halved over water (8.47, 9.65). */
  artillery: boolean;
  /** Attacks from a hex adjacent to the defenders (10.38 counts only these against Breastworks). */
  adjacent: boolean;
  /** Per defending hex, the neighbouring hexes across whose hexsides with it this unit attacks. */
  through: Record<HexId, HexId[]>;
}

export interface TerrainInput {
  map: TerrainMap;
  attackers: TerrainAttacker[];
  defenderHexes: HexId[];
  fieldworks: readonly FieldworkLike[];
  trenchEffect: TrenchEffect;
  /** Extra right shifts from exclusive rules (e.g. Olustee's Train), with their case. */
  extraRightShifts?: Array<{ shift: number; source: string }>;
  /** An exclusive rule's own line for a hex terrain's halving (Cemetery Hill 19.1), or null for the chart's. */
  hexHalving?: (terrain: HexTerrain) => { halved: boolean; source: string } | null;
  /** True if an exclusive rule waives a hexside's stream/bridge halving (Road to Richmond 18.51), given its feature types. */
  hexsideHalvingWaived?: (features: readonly string[]) => boolean;
}

export interface Shift {
  shift: number;
  source: string | null;
}

export interface TerrainBenefit {
  /** 'forest': the forest/woods 1L alone (8.45); 'other': every other benefit. */
  option: 'forest' | 'other';
  /** Attackers halved, with the terrain that halves each. */
  halved: Record<string, string>;
  left: Shift;
  right: Shift;
}

export interface TerrainVerdict {
  /** One option when there is nothing to choose; two when the defender chooses (8.45, D-R3). */
  options: TerrainBenefit[];
}

const HALVING_HEX: Readonly<Record<string, string>> = {
  rough: 'rough hex (TEC)',
  'forest-rough': 'forest/woods-rough hex (TEC)',
  swamp: 'swamp hex (TEC)',
};

function best(shifts: Shift[]): Shift {
  let out: Shift = { shift: 0, source: null };
  for (const s of shifts) if (s.shift > out.shift) out = s;
  return out;
}

/** 6.26, A10: attacking from `from` into `to` climbs a slope. */
export function attacksUphill(map: TerrainMap, from: HexId, to: HexId): boolean {
  const slope = map.hexside(from, to).find((f) => f.type === 'slope');
  if (slope && slope.type === 'slope') return slope.high === to;
  const lf = map.level(from);
  const lt = map.level(to);
  if (lt > lf) return true;
  return lt === lf && !!map.hex(to).slope && !map.hex(from).slope;
}

/** The terrain halving a unit suffers over one hexside into a defending hex, or null. */
function hexsideHalving(
  input: TerrainInput,
  a: TerrainAttacker,
  from: HexId,
  into: HexId,
): string | null {
  const { map } = input;
  const terrain = map.hex(into).terrain;
  const features = map.hexside(from, into);
  const waived = input.hexsideHalvingWaived?.(features.map((f) => f.type)) ?? false;
  for (const f of features) {
    switch (f.type) {
      case 'stream':
        if (!a.artillery && !waived) return 'stream hexside (TEC; 8.47 spares artillery)';
        break;
      case 'bridge':
        // TEC, A9: in a bridge hex the bridge hexside has no effect.
        if (!a.artillery && terrain !== 'bridge' && !waived)
          return 'bridge hexside (TEC; 8.47 spares artillery)';
        break;
      case 'ford':
        if (!a.artillery && terrain !== 'ford') return 'ford hexside (TEC; 8.47 spares artillery)';
        break;
      case 'redoubt':
        if (f.friendly === into) return 'redoubt hexside (8.46)';
        break;
      case 'entrenchment':
        if (f.friendly === into) return 'entrenchment hexside (8.46)';
        break;
      default:
        break;
    }
  }
  if (attacksUphill(map, from, into)) return 'up-slope hexside (TEC)';
  if (input.trenchEffect !== 'shift') {
    const fw = input.fieldworks.find((w) => w.hex === into && w.kind === 'trench');
    if (fw && fw.facing.includes(from)) return 'trench hexside (TEC, A30)';
  }
  return null;
}

function crossesWorks(
  map: TerrainMap,
  type: 'redoubt' | 'entrenchment',
  from: HexId,
  into: HexId,
): boolean {
  return map.hexside(from, into).some((f) => f.type === type && f.friendly === into);
}

/** The terrain effects of one combat, as the defender's options (8.43–8.46, 10.21–10.27, 10.38). */
export function terrainBenefits(input: TerrainInput): TerrainVerdict {
  const { map, attackers, defenderHexes } = input;

  // 2. halving (the "other benefits" option)
  const halved: Record<string, string> = {};
  for (const a of attackers) {
    let why: string | null = null;
    for (const h of defenderHexes) {
      const t = map.hex(h).terrain;
      const override = input.hexHalving?.(t);
      const halving = override ? (override.halved ? override.source : undefined) : HALVING_HEX[t];
      if (halving) {
        why = halving;
        break;
      }
    }
    if (!why) {
      outer: for (const h of defenderHexes) {
        for (const from of a.through[h] ?? []) {
          why = hexsideHalving(input, a, from, h);
          if (why) break outer;
        }
      }
    }
    if (why) halved[a.id] = why;
  }

  // 3. left shifts other than forest/woods
  const left: Shift[] = [];
  for (const h of defenderHexes) {
    const spec = map.hex(h);
    if (spec.terrain === 'town') left.push({ shift: 1, source: 'town/urban hex (TEC)' });
    if (spec.fort) left.push({ shift: 2, source: 'fort (TEC)' });
  }
  for (const type of ['redoubt', 'entrenchment'] as const) {
    // 10.23: every attacker must attack over such a hexside against at least one defending hex.
    const all =
      attackers.length > 0 &&
      attackers.every((a) =>
        defenderHexes.some((h) =>
          (a.through[h] ?? []).some((from) => crossesWorks(map, type, from, h)),
        ),
      );
    if (all) left.push({ shift: 1, source: `${type} hexside (8.46, 10.23)` });
  }
  if (input.trenchEffect !== 'halve') {
    for (const w of input.fieldworks) {
      if (w.kind === 'under-construction' || !defenderHexes.includes(w.hex)) continue;
      // 10.38: every adjacent attacker must come through the marker's hexsides; non-adjacent artillery never cancels.
      const ok = attackers
        .filter((a) => a.adjacent)
        .every((a) => (a.through[w.hex] ?? []).every((from) => w.facing.includes(from)));
      if (ok)
        left.push({
          shift: 1,
          source: w.kind === 'trench' ? 'trench (10.38, 10.39)' : 'breastworks (10.38)',
        });
    }
  }

  // 4. right shifts
  const right: Shift[] = [...(input.extraRightShifts ?? [])];
  for (const h of defenderHexes) {
    const t = map.hex(h).terrain;
    if (t === 'bridge') right.push({ shift: 2, source: 'bridge hex (TEC)' });
    if (t === 'ford') right.push({ shift: 1, source: 'ford hex (TEC)' });
  }
  for (const w of input.fieldworks) {
    if (w.kind === 'under-construction' && defenderHexes.includes(w.hex)) {
      right.push({ shift: 1, source: 'breastworks under construction (10.34 i)' });
    }
  }
  const rightBest = best(right);

  const other: TerrainBenefit = { option: 'other', halved, left: best(left), right: rightBest };
  // 5. forest/woods exclusivity (8.45)
  const forest = defenderHexes.some((h) => map.hex(h).terrain === 'forest');
  if (!forest) return { options: [other] };
  const forestOnly: TerrainBenefit = {
    option: 'forest',
    halved: {},
    left: { shift: 1, source: 'forest/woods hex (TEC, 8.45)' },
    right: rightBest,
  };
  const nothingElse = Object.keys(halved).length === 0 && other.left.shift <= 1;
  if (nothingElse) return { options: [forestOnly] };
  return { options: [forestOnly, other] };
}
