/**
 * Which hexes each unit entered, as the events of one accepted order report
 * it: moves, strategic moves and reinforcement entries (the whole path, the
 * entry hex included), map exits (the path to the exit hex), retreats and
 * displacements (the retreat path), advances after combat (the hex advanced
 * into). Exclusive rules triggered by "a unit occupies / comes within N
 * hexes of" read it (Fredericksburg 19.0, 19.12, 19.13).
 */
import type { GameEvent, HexId } from '../../types';

export interface HexEntered {
  unit: string;
  hex: HexId;
  /** How the unit got there: 'movement' (moves, entries, exits), 'retreat' (retreats, displacements) or 'advance'. */
  by: 'movement' | 'retreat' | 'advance';
}

export function hexesEntered(events: GameEvent[]): HexEntered[] {
  const out: HexEntered[] = [];
  for (const e of events) {
    const unit = e.unit as string;
    if (typeof unit !== 'string') continue;
    const path = Array.isArray(e.path)
      ? (e.path as unknown[]).filter((h): h is HexId => typeof h === 'string')
      : [];
    if (e.type === 'moved' || e.type === 'strategic-moved' || e.type === 'exited-map')
      for (const hex of path) out.push({ unit, hex, by: 'movement' });
    else if (e.type === 'unit-retreated')
      for (const hex of path) out.push({ unit, hex, by: 'retreat' });
    else if (e.type === 'unit-advanced' && typeof e.to === 'string')
      out.push({ unit, hex: e.to, by: 'advance' });
  }
  return out;
}
