/**
 * Naval movement and naval invasions (seed 002, 10.1-10.4, 5.4, 1.44, 1.45;
 * notes §4.6, §4.9, §5.15). Both are Strategic Moves made in the command
 * step, like rail moves.
 *
 * Naval geometry (the same graph scenarios/bobby-lee-campaign/build-map.ts
 * checks the text's examples on): the nodes are the water hexes (bay, sea,
 * wide rivers) and the navigable Major-river hexsides (10.2, 10.21: below
 * each head of navigation); water hexes link to neighbouring water hexes, a
 * navigable hexside to the water hexes it touches and to the navigable
 * hexsides that continue it. A hex reaches the nodes beside it (its water
 * neighbours and its own navigable hexsides). A route passes a port when it
 * uses a navigable hexside beside it, or goes between the stretch of its
 * rivers beyond it (what the open sea, the largest body of water, reaches
 * only through the nodes beside the port) and the rest: the river the port
 * commands. A port not closed joins the nodes beside it, as a strait its
 * fort (Hampton Roads meets the bay only across Ft. Monroe's hex on this
 * map). Open water beside a port is not passing it, nor is a route
 * wholly beyond it (RESOLUTION, a reconstruction of the map's scale): at
 * 21.5 km a hex one bay hex lies beside ports of different rivers (Port
 * Royal's Rappahannock hexes touch the Potomac's water; Yorktown, Norfolk
 * and Ft. Monroe share Hampton Roads), the text keeps Ft. Monroe a port
 * supplied from Baltimore in 1861 (11.34) while the CSA holds Yorktown and
 * Norfolk beside the same water, and lets the CSA use the James above USA
 * Ft. Monroe (10.11). The text's examples hold on the Eastern map
 * (naval.spec.ts, build-map.ts): CSA Acquia Landing closes Alexandria-Ft.
 * Monroe, CSA Yorktown closes West Point, CSA Norfolk does not close Ft.
 * Monroe (10.11 NOTE).
 *
 * - 10.1, 10.3: a Naval Move goes from a friendly port to another friendly
 *   port (1.441: the anchor ports) for one Strategic Move, never passing an
 *   enemy-controlled port nor a fortress held by an enemy unit (1.451: the
 *   East has fortresses and no forts; every Eastern fortress is a port, so
 *   10.2's "south of a CSA fort" adds nothing there). Friendly is control as
 *   evaluated when the Movement Phase began (8.1), as for rail moves. The
 *   destination holds no enemy unit (only an invasion lands among them).
 * - 10.11: the CSA moves by water only along the James and Appomattox
 *   (their navigable hexsides), only while it controls Norfolk. On the
 *   Eastern map Norfolk touches the bay, not a James hexside, so it is the
 *   condition and not a destination.
 * - 10.4: a Naval Invasion is a USA infantry unit's Naval Move from a
 *   friendly port to any coastal or navigable-river land hex, enemy-occupied
 *   or not, neutral included, for two Strategic Moves; it may land against
 *   an enemy port or fortress itself, never past one. (1.822's cliffs are
 *   all in the West.) A friendly port without enemy units is reached by the
 *   cheaper Naval Move, so it is not listed as an invasion. The invasion's
 *   port is recorded (state.invasions) for the battle it makes (battles.ts)
 *   and for a naval retreat back to it (10.5, combat.ts).
 *
 * Rail/naval moves (9.5) are rail.ts's, sailing navalDestinations' legs.
 * Not here: the West's river geometry (1.442, 1.452, 10.2's A6, 10.22;
 * there is no Western map yet).
 */
import { controller, occupants } from './control';
import type { CampaignMap } from './terrain';
import type { CampaignBlock, CampaignState, Side } from './types';
import { otherSide } from './types';

interface NavalGraph {
  links: Map<string, string[]>;
  /** The nodes beside a land hex: its water neighbours and its navigable hexsides. */
  access: (hex: string) => string[];
  /** The river of each navigable-hexside node. */
  river: Map<string, string>;
  /** Ports (1.441), by hex. */
  ports: Set<string>;
  /** The ports beside each node: a ship passes a port it may pass through its hex (a strait's fort). */
  portsBeside: Map<string, string[]>;
  /** Fortresses (1.451), by hex. */
  fortresses: Set<string>;
  /** Land hexes a naval invasion may land in (10.4): coastal or on a navigable river, with water beside them. */
  shores: string[];
  /** The nodes of a port's rivers beyond it, seen from the sea (10.1, 10.3: see beyond). */
  beyond: (hex: string) => Set<string>;
}

const GRAPHS = new WeakMap<CampaignMap, NavalGraph>();

export function navalGraph(map: CampaignMap): NavalGraph {
  const cached = GRAPHS.get(map);
  if (cached) return cached;
  const { doc, grid } = map;
  const isWater = (h: string) => doc.hexes[h]?.terrain === 'water';
  const links = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    (links.get(a) ?? links.set(a, new Set()).get(a)!).add(b);
    (links.get(b) ?? links.set(b, new Set()).get(b)!).add(a);
  };
  const water = Object.keys(doc.hexes).filter(isWater).sort();
  const navigable = doc.hexsides.filter((s) => s.river?.class === 'major' && s.river.navigable);
  const nodeOf = (between: [string, string]) => `s:${between.join('|')}`;
  const river = new Map<string, string>();
  const sidesOf = new Map<string, string[]>();
  for (const s of navigable) {
    river.set(nodeOf(s.between), s.river!.name);
    for (const h of s.between) sidesOf.set(h, [...(sidesOf.get(h) ?? []), nodeOf(s.between)]);
  }
  for (const w of water)
    for (const n of grid.neighbours(w)) if (isWater(n)) link(`w:${w}`, `w:${n}`);
  const touches = (between: [string, string], h: string) =>
    between.includes(h) || between.every((x) => grid.adjacent(x, h));
  for (const s of navigable) {
    for (const w of water) if (touches(s.between, w)) link(nodeOf(s.between), `w:${w}`);
    for (const t of navigable) {
      if (t === s) continue;
      const shared = s.between.filter((x) => t.between.includes(x));
      const [a] = s.between.filter((x) => !t.between.includes(x));
      const [b] = t.between.filter((x) => !s.between.includes(x));
      if (shared.length === 1 && a && b && grid.adjacent(a, b))
        link(nodeOf(s.between), nodeOf(t.between));
    }
  }
  const accessCache = new Map<string, string[]>();
  const access = (hex: string): string[] => {
    let a = accessCache.get(hex);
    if (!a) {
      a = grid.has(hex)
        ? [
            ...grid
              .neighbours(hex)
              .filter(isWater)
              .map((n) => `w:${n}`),
            ...(sidesOf.get(hex) ?? []),
          ].sort()
        : [];
      accessCache.set(hex, a);
    }
    return a;
  };
  const places = Object.keys(doc.locations)
    .sort()
    .map((id) => doc.locations[id]);
  const ports = new Set(places.filter((l) => l.port).map((l) => l.hex));
  const fortresses = new Set(places.filter((l) => l.fortress).map((l) => l.hex));
  const portsBeside = new Map<string, string[]>();
  for (const p of [...ports].sort())
    for (const n of access(p)) portsBeside.set(n, [...(portsBeside.get(n) ?? []), p]);
  const shores = Object.keys(doc.hexes)
    .filter(
      (h) =>
        map.playable(h) &&
        (doc.hexes[h].coastal === true || sidesOf.has(h)) &&
        access(h).length > 0,
    )
    .sort();
  const sortedLinks = new Map([...links].map(([k, v]) => [k, [...v].sort()]));
  // The open sea: the largest body of water hexes (the Chesapeake Bay on the Eastern map).
  const bodies: string[][] = [];
  const inBody = new Set<string>();
  for (const w of water) {
    if (inBody.has(w)) continue;
    const body = [w];
    inBody.add(w);
    for (let i = 0; i < body.length; i++)
      for (const n of grid.neighbours(body[i]))
        if (isWater(n) && !inBody.has(n)) {
          inBody.add(n);
          body.push(n);
        }
    bodies.push(body);
  }
  const sea = (bodies.sort((a, b) => b.length - a.length)[0] ?? []).map((w) => `w:${w}`);
  const beyondCache = new Map<string, Set<string>>();
  /**
   * The navigable hexsides of the rivers beside `hex` that lie beyond it: those the sea
   * reaches only through the nodes beside it (10.3: the stretch of river it commands).
   */
  const beyond = (hex: string): Set<string> => {
    let out = beyondCache.get(hex);
    if (out) return out;
    const beside = new Set(access(hex));
    const own = (sidesOf.get(hex) ?? []).slice();
    const rivers = new Set(own.map((n) => river.get(n)!));
    const seen = new Set(sea.filter((n) => !beside.has(n)));
    const queue = [...seen];
    while (queue.length > 0) {
      const n = queue.shift()!;
      for (const m of sortedLinks.get(n) ?? [])
        if (!seen.has(m) && !beside.has(m)) {
          seen.add(m);
          queue.push(m);
        }
    }
    out = new Set(
      [...river.keys()].filter((n) => rivers.has(river.get(n)!) && !seen.has(n) && !beside.has(n)),
    );
    beyondCache.set(hex, out);
    return out;
  };
  const graph: NavalGraph = {
    links: sortedLinks,
    access,
    river,
    ports,
    fortresses,
    shores,
    beyond,
    portsBeside,
  };
  GRAPHS.set(map, graph);
  return graph;
}

/** 10.11: the CSA's waters. */
const CSA_RIVERS = new Set(['James', 'Appomattox']);
/** 10.11: the port whose control opens them. */
const NORFOLK = 'norfolk';

export interface NavalOption {
  to: string;
  /** Strategic Moves: 1 for a Naval Move (10.3), 2 for an invasion (10.4). */
  cost: number;
}

/**
 * 10.1, 10.3: what closes routes to `side`: every enemy-controlled port and
 * every fortress an enemy unit holds (but `target`, 10.4: an invasion may
 * land against it) closes the navigable hexsides beside it, and no route
 * crosses between the stretch of its rivers beyond it and the rest: going
 * up or down past it is passing it. A route wholly beyond it (the CSA's
 * James above USA Ft. Monroe, 10.11) or wholly seaward does not pass it.
 */
export interface Blockade {
  nodes: Set<string>;
  /** The ports and fortresses it closes: no passing through their hexes. */
  closed: Set<string>;
  beyond: Set<string>[];
}

export function blockedNodes(
  state: CampaignState,
  map: CampaignMap,
  g: NavalGraph,
  side: Side,
  occ: Map<string, Set<Side>>,
  target: string | null,
): Blockade {
  const enemy = otherSide(side);
  const out: Blockade = { nodes: new Set(), closed: new Set(), beyond: [] };
  for (const hex of [...new Set([...g.ports, ...g.fortresses])].sort()) {
    if (hex === target) continue;
    const held = controller(state, map.doc, hex) === enemy && g.ports.has(hex);
    const manned = g.fortresses.has(hex) && occ.get(hex)?.has(enemy) === true;
    if (!held && !manned) continue;
    out.closed.add(hex);
    for (const n of g.access(hex)) if (g.river.has(n)) out.nodes.add(n);
    const past = g.beyond(hex);
    if (past.size > 0) out.beyond.push(past);
  }
  return out;
}

/** The nodes reachable from `from`'s without passing a closed one or a port (Blockade), within `usable`. */
export function reach(
  g: NavalGraph,
  from: string,
  blocked: Blockade,
  usable: (node: string) => boolean,
): Set<string> {
  const open = (n: string) => !blocked.nodes.has(n) && usable(n);
  // Passing a port: a step between the stretch beyond it and the rest.
  const passes = (n: string, m: string) => blocked.beyond.some((b) => b.has(n) !== b.has(m));
  const start = g.access(from).filter(open);
  const seen = new Set(start);
  const queue = [...start];
  // A port not closed joins the nodes beside it: Hampton Roads opens on the bay past Ft. Monroe.
  const through = (n: string) =>
    (g.portsBeside.get(n) ?? []).flatMap((p) => (blocked.closed.has(p) ? [] : g.access(p)));
  while (queue.length > 0) {
    const n = queue.shift()!;
    for (const m of [...(g.links.get(n) ?? []), ...through(n)])
      if (!seen.has(m) && open(m) && !passes(n, m)) {
        seen.add(m);
        queue.push(m);
      }
  }
  return seen;
}

/** 10.11: the nodes `side` may sail at all now (none for the CSA without Norfolk). */
export function usableFor(
  state: CampaignState,
  map: CampaignMap,
  g: NavalGraph,
  side: Side,
): ((node: string) => boolean) | null {
  if (side === 'union') return () => true;
  const norfolk = map.doc.locations[NORFOLK];
  if (!norfolk || controller(state, map.doc, norfolk.hex) !== 'confederate') return null;
  return (n) => CSA_RIVERS.has(g.river.get(n) ?? '');
}

/** 10.1, 10.3: is `hex` a port friendly to `side` now? */
function friendlyPort(
  state: CampaignState,
  map: CampaignMap,
  g: NavalGraph,
  side: Side,
  hex: string,
) {
  return g.ports.has(hex) && controller(state, map.doc, hex) === side;
}

/**
 * 10.1, 10.3, 10.11: the friendly ports without enemy units `side` may sail
 * to from `from` (itself a friendly port) now, sorted; none from elsewhere.
 * Rail/naval moves (9.5, rail.ts) sail these legs too.
 */
export function navalDestinations(
  state: CampaignState,
  map: CampaignMap,
  side: Side,
  from: string,
  occ = occupants(state),
): string[] {
  if (map.doc.theater !== 'east') return [];
  const g = navalGraph(map);
  const usable = usableFor(state, map, g, side);
  if (!usable || !friendlyPort(state, map, g, side, from)) return [];
  const reached = reach(g, from, blockedNodes(state, map, g, side, occ, null), usable);
  const enemy = otherSide(side);
  return [...g.ports]
    .filter(
      (to) =>
        to !== from &&
        friendlyPort(state, map, g, side, to) &&
        !occ.get(to)?.has(enemy) &&
        g.access(to).some((n) => reached.has(n)),
    )
    .sort();
}

/** Every Naval Move (10.3) `b` may make now, by destination port. */
export function navalMoves(
  state: CampaignState,
  map: CampaignMap,
  b: CampaignBlock,
  occ = occupants(state),
): NavalOption[] {
  if (b.hex === null || b.moved || state.strategicMoves < 1) return [];
  return navalDestinations(state, map, b.side, b.hex, occ).map((to) => ({ to, cost: 1 }));
}

/** Every Naval Invasion (10.4) `b` may make now, by landing hex. */
export function navalInvasions(
  state: CampaignState,
  map: CampaignMap,
  b: CampaignBlock,
  occ = occupants(state),
): NavalOption[] {
  if (map.doc.theater !== 'east') return [];
  const start = b.hex;
  if (start === null || b.moved || state.strategicMoves < 2) return [];
  if (b.side !== 'union' || b.type !== 'infantry') return [];
  const g = navalGraph(map);
  if (!friendlyPort(state, map, g, b.side, start)) return [];
  const enemy = otherSide(b.side);
  const all = () => true;
  const base = reach(g, start, blockedNodes(state, map, g, b.side, occ, null), all);
  const out: NavalOption[] = [];
  for (const to of g.shores) {
    if (to === start) continue;
    // A friendly port without enemy units is a Naval Move's destination (10.3).
    if (friendlyPort(state, map, g, b.side, to) && !occ.get(to)?.has(enemy)) continue;
    // 10.4: against a port or fortress itself its own blockade does not count.
    const reached =
      g.ports.has(to) || g.fortresses.has(to)
        ? reach(g, start, blockedNodes(state, map, g, b.side, occ, to), all)
        : base;
    if (g.access(to).some((n) => reached.has(n))) out.push({ to, cost: 2 });
  }
  return out;
}
