/**
 * The fields each order type may carry besides `type`. An order is untrusted
 * JSON: one that carries a field its type does not have is refused
 * (BAD_ORDER) rather than accepted with the field ignored, so that what the
 * engine accepts is exactly what `legalOrders` can list, and a client's
 * misspelt option ("reduceOdds" for "reduceOddsTo") is reported, not dropped.
 *
 * Every order type the engine lists must be here; a test plays every
 * playable scenario and checks each listed order against this table.
 */
export const ORDER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  resign: [],
  'end-phase': [],
  // 3.0 free set-up
  place: ['unit', 'hex'],
  // Movement Phase (5.0, 6.0, 6.4, 10.34, 12.41)
  move: ['unit', 'path'],
  'strategic-move': ['unit', 'path'],
  enter: ['unit', 'hex', 'path'],
  'rally-marker': ['unit'],
  'build-breastworks': ['unit'],
  'complete-breastworks': ['unit', 'facing'],
  // Exclusive rules' own decisions (Jonesborough 16.1: the facing of a Breastworks marker placed at set-up)
  'face-breastworks': ['hex', 'facing'],
  // Combat Phase and its decisions (8.0–12.4)
  attack: ['attackers', 'defenders', 'bombard', 'reduceOddsTo'],
  'voluntary-rout': ['unit'],
  'close-combat-phase': [],
  'force-routed-retreat': ['units'],
  'cavalry-retreat': ['units'],
  retreat: ['unit', 'path', 'displace'],
  'accept-retreat': ['units'],
  'decline-retreat': ['unit'],
  'terrain-choice': ['option'],
  'choose-losses': ['units'],
  advance: ['unit', 'to'],
  'decline-advance': ['hex'],
  'remove-breastworks': ['hex', 'remove'],
  // exclusive-rule hooks
  exit: ['unit', 'path'],
  'flank-march': ['unit', 'path'],
  'activation-roll': ['rule'],
  'reallocate-reinforcement': ['unit', 'toTurn'],
  'command-control': ['reserveTo'],
  'forced-march': ['unit', 'path', 'hex'],
};

/**
 * Fields of an order that its type does not have. Order types not in the
 * table are left to the phase that receives them, which refuses unknown
 * types with their case.
 */
export function unexpectedFields(order: { type: string }): string[] {
  const allowed = ORDER_FIELDS[order.type];
  if (!allowed) return [];
  return Object.keys(order).filter((k) => k !== 'type' && !allowed.includes(k));
}
