import type { Order } from '../engine/state';
import type { Side } from '../engine/types';
import type { LegalOrdersDto } from './moves.service';

/** GET legal-orders' `format`: the orders one by one (`full`, the default) or grouped by unit (`compact`). */
export const LISTING_FORMATS = ['full', 'compact'] as const;
export type ListingFormat = (typeof LISTING_FORMATS)[number];

/** One unit's orders of one type that differ only by their path: each path its hexes joined by a space. */
export interface UnitPaths {
  type: string;
  unit: string;
  paths: string[];
}

/**
 * A page of the listing in the compact format: the same orders as the full page, those of
 * the shape {type, unit, path} grouped by type and unit (`byUnit`, each path as one string
 * of its hexes separated by single spaces), every other order whole in `orders`.
 */
export interface CompactLegalOrdersDto {
  version: number;
  side: Side;
  format: 'compact';
  /** How many orders the page holds: every path of `byUnit` and every entry of `orders`. */
  count: number;
  byUnit: UnitPaths[];
  orders: Order[];
  truncated?: true;
  next?: string;
}

/**
 * The path an order is grouped by, joined, or null when the order is not exactly
 * {type, unit, path} with hex labels that a space cannot be confused in (non-empty, no
 * space): such an order is listed whole instead, so decoding (`path: p.split(' ')`)
 * always gives back the order listed.
 */
function joinedPath(order: Order): string | null {
  const o = order as { type?: unknown; unit?: unknown; path?: unknown };
  if (typeof o.unit !== 'string' || !Array.isArray(o.path) || o.path.length === 0) return null;
  let members = 0;
  for (const key in order) {
    members++;
    if (key !== 'type' && key !== 'unit' && key !== 'path') return null;
  }
  if (members !== 3) return null;
  for (const hex of o.path as unknown[])
    if (typeof hex !== 'string' || hex.length === 0 || hex.includes(' ')) return null;
  return (o.path as string[]).join(' ');
}

/**
 * The compact form of a page (Lichess sends a position's legal moves as `dests`, from-square
 * to to-squares, for the same reason): a Shiloh opening page of 780 orders is about a
 * quarter of the bytes, and cheaper for both ends to write and parse. The orders keep the
 * page's order within each group; groups come in the order of their first order.
 */
export function compactPage(page: LegalOrdersDto): CompactLegalOrdersDto {
  const byUnit: UnitPaths[] = [];
  const orders: Order[] = [];
  // Keyed by type, then unit: a listing holds each unit's orders together, so the last
  // group found is nearly always the one (the maps are for the orders that are not).
  const groups = new Map<string, Map<string, UnitPaths>>();
  let last: UnitPaths | null = null;
  for (const order of page.orders) {
    const path = joinedPath(order);
    if (path === null) {
      orders.push(order);
      continue;
    }
    const { type, unit } = order as { type: string; unit: string };
    if (last === null || last.unit !== unit || last.type !== type) {
      let ofType = groups.get(type);
      if (!ofType) groups.set(type, (ofType = new Map()));
      last = ofType.get(unit) ?? null;
      if (!last) {
        last = { type, unit, paths: [] };
        ofType.set(unit, last);
        byUnit.push(last);
      }
    }
    last.paths.push(path);
  }
  return {
    version: page.version,
    side: page.side,
    format: 'compact',
    count: page.orders.length,
    byUnit,
    orders,
    ...(page.truncated ? { truncated: true as const, next: page.next } : {}),
  };
}

/** The orders of a compact page: the full page's, the grouped ones first (group by group), then the rest. */
export function ordersOfCompact(page: Pick<CompactLegalOrdersDto, 'byUnit' | 'orders'>): Order[] {
  const out: Order[] = [];
  for (const g of page.byUnit)
    for (const p of g.paths) out.push({ type: g.type, unit: g.unit, path: p.split(' ') } as Order);
  for (const o of page.orders) out.push(o);
  return out;
}
