/**
 * The game notation (docs/notation.md): one compact line of text per order,
 * as chess has SAN inside PGN. An order is its type followed by its fields
 * in a fixed order, each written by its kind; optional fields are written
 * `name=value` after them:
 *
 *   move us-1-1-i 0905,0906
 *   attack us-2-1-i,us-2-2-i 0711 bombard=us-art-b odds=3:1
 *   retreat cs-jenkins 1117 displace=cs-smith
 *   choose-losses []
 *   remove-breastworks 4807 yes
 *
 * ORDER_SHAPES gives the kind of every field of every order type the engine
 * has (src/engine/orders.ts names them; a test keeps the two tables equal),
 * so formatting and parsing are one table read both ways and every order
 * round-trips: parseOrder(formatOrder(o)) equals o. Results (the events an
 * order produced) are written as a comment in braces, which parsing skips:
 * the events are re-derived from the seed when a game is imported.
 */
import type { GameEvent, Side } from './types';

/** How a field is written: an id, a list of ids, a free text, a yes/no, a whole number. */
export type FieldKind = 'unit' | 'hex' | 'units' | 'hexes' | 'text' | 'boolean' | 'integer';

export interface FieldShape {
  name: string;
  kind: FieldKind;
  /** Absent from some orders of the type; written `alias=value` when present. */
  optional?: true;
  /** The short name of an optional field in the notation (default: its name). */
  alias?: string;
}

const f = (name: string, kind: FieldKind): FieldShape => ({ name, kind });
const opt = (name: string, kind: FieldKind, alias?: string): FieldShape => ({
  name,
  kind,
  optional: true,
  ...(alias ? { alias } : {}),
});

/** Every order type with the kind of each of its fields, in the order the notation writes them. */
export const ORDER_SHAPES: Readonly<Record<string, readonly FieldShape[]>> = {
  resign: [],
  'end-phase': [],
  place: [f('unit', 'unit'), f('hex', 'hex')],
  move: [f('unit', 'unit'), f('path', 'hexes')],
  'strategic-move': [f('unit', 'unit'), f('path', 'hexes')],
  enter: [f('unit', 'unit'), f('hex', 'hex'), f('path', 'hexes')],
  'rally-marker': [f('unit', 'unit')],
  'build-breastworks': [f('unit', 'unit')],
  'complete-breastworks': [f('unit', 'unit'), f('facing', 'hexes')],
  'face-breastworks': [f('hex', 'hex'), f('facing', 'hexes')],
  attack: [
    f('attackers', 'units'),
    f('defenders', 'hexes'),
    opt('bombard', 'units'),
    opt('reduceOddsTo', 'text', 'odds'),
  ],
  'voluntary-rout': [f('unit', 'unit')],
  'close-combat-phase': [],
  'force-routed-retreat': [f('units', 'units')],
  'cavalry-retreat': [f('units', 'units')],
  retreat: [f('unit', 'unit'), f('path', 'hexes'), opt('displace', 'unit')],
  'accept-retreat': [f('units', 'units')],
  'decline-retreat': [f('unit', 'unit')],
  'terrain-choice': [f('option', 'text')],
  'choose-losses': [f('units', 'units')],
  advance: [f('unit', 'unit'), f('to', 'hex')],
  // The 1975 rules decline every advance of the combat at once: no hex (classic/resolution.ts).
  'decline-advance': [opt('hex', 'hex')],
  'remove-breastworks': [f('hex', 'hex'), f('remove', 'boolean')],
  exit: [f('unit', 'unit'), f('path', 'hexes')],
  'flank-march': [f('unit', 'unit'), f('path', 'hexes')],
  'activation-roll': [f('rule', 'text')],
  'reallocate-reinforcement': [f('unit', 'unit'), f('toTurn', 'integer')],
  'command-control': [opt('reserveTo', 'text', 'reserve')],
  'forced-march': [f('unit', 'unit'), f('path', 'hexes'), opt('hex', 'hex', 'from')],
  // What a reader who may not see a sealed order is shown instead (src/engine/secrecy.ts).
  sealed: [f('side', 'text'), f('rule', 'text')],
  // The game's flow, written by the service (src/engine/flow.ts): never given as an order.
  'draw-agreed': [],
  abort: [],
  timeout: [f('flagged', 'text')],
  adjudicate: [f('reason', 'text')],
  takeback: [f('to', 'integer')],
};

/** The keyword of an order written whole as JSON (a type with no shape in ORDER_SHAPES). */
export const JSON_ORDER = 'json';

/** Why a line of notation is no order. */
export class NotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotationError';
  }
}

/** A token written bare: letters, digits and - . : _ ' (ids, hexes, odds, cases); anything else is a JSON string. */
const BARE = /^[A-Za-z0-9_.:'-]+$/;
const LIST_ITEM = /^[A-Za-z0-9_.:'-]+$/;

function word(text: string): string {
  return BARE.test(text) && text !== 'yes' && text !== 'no' && !text.startsWith('[')
    ? text
    : JSON.stringify(text);
}

function formatValue(kind: FieldKind, value: unknown, where: string): string {
  switch (kind) {
    case 'unit':
    case 'hex':
    case 'text':
      if (typeof value !== 'string') throw new NotationError(`${where} must be a string`);
      return word(value);
    case 'units':
    case 'hexes':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
        throw new NotationError(`${where} must be a list of strings`);
      // Comma-joined when every item is a plain id; otherwise (and when empty) a JSON list.
      return value.length > 0 && value.every((v) => LIST_ITEM.test(v))
        ? value.join(',')
        : JSON.stringify(value);
    case 'boolean':
      if (typeof value !== 'boolean') throw new NotationError(`${where} must be true or false`);
      return value ? 'yes' : 'no';
    case 'integer':
      if (!Number.isSafeInteger(value)) throw new NotationError(`${where} must be a whole number`);
      return String(value);
  }
}

/** The notation of an order: its type and its fields (NotationError for an order of no known shape). */
export function formatOrder(order: unknown): string {
  if (typeof order !== 'object' || order === null || Array.isArray(order))
    throw new NotationError('an order is an object with a type');
  const o = order as Record<string, unknown>;
  const type = o.type;
  if (typeof type !== 'string') throw new NotationError('an order is an object with a type');
  // An order of a type with no shape here (another rules system's) is written whole, as JSON.
  if (!(type in ORDER_SHAPES)) return `${JSON_ORDER} ${JSON.stringify(JSON.stringify(order))}`;
  const shape = ORDER_SHAPES[type];
  for (const k of Object.keys(o))
    if (k !== 'type' && !shape.some((s) => s.name === k))
      throw new NotationError(`a ${type} order has no field "${k}"`);
  const parts = [type];
  for (const s of shape) {
    const value = o[s.name];
    if (value === undefined) {
      if (!s.optional) throw new NotationError(`a ${type} order needs its "${s.name}"`);
      continue;
    }
    const text = formatValue(s.kind, value, `${type} ${s.name}`);
    parts.push(s.optional ? `${s.alias ?? s.name}=${text}` : text);
  }
  return parts.join(' ');
}

/** Splits a line into tokens at spaces outside JSON strings and lists; drops {comments}. */
function tokens(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inString = false;
  let depth = 0;
  let comment = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (comment > 0) {
      if (c === '{') comment++;
      else if (c === '}') comment--;
      continue;
    }
    if (inString) {
      cur += c;
      if (c === '\\') cur += line[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '{' && depth === 0) {
      if (cur) out.push(cur);
      cur = '';
      comment = 1;
      continue;
    } else if (/\s/.test(c) && depth === 0) {
      if (cur) out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  if (inString) throw new NotationError('a quoted text is not closed');
  if (depth !== 0) throw new NotationError('a [list] is not closed');
  if (comment !== 0) throw new NotationError('a {comment} is not closed');
  if (cur) out.push(cur);
  return out;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new NotationError(`${where}: ${text} is not valid`);
  }
}

function parseValue(kind: FieldKind, text: string, where: string): unknown {
  switch (kind) {
    case 'unit':
    case 'hex':
    case 'text': {
      if (text.startsWith('"')) {
        const v = parseJson(text, where);
        if (typeof v !== 'string') throw new NotationError(`${where} must be a text`);
        return v;
      }
      if (!BARE.test(text)) throw new NotationError(`${where}: "${text}" must be quoted`);
      return text;
    }
    case 'units':
    case 'hexes': {
      if (text.startsWith('[')) {
        const v = parseJson(text, where);
        if (!Array.isArray(v) || !v.every((e) => typeof e === 'string'))
          throw new NotationError(`${where} must be a list of texts`);
        return v;
      }
      const items = text.split(',');
      if (!items.every((e) => LIST_ITEM.test(e)))
        throw new NotationError(`${where}: "${text}" is no comma-separated list of ids`);
      return items;
    }
    case 'boolean':
      if (text === 'yes') return true;
      if (text === 'no') return false;
      throw new NotationError(`${where} is yes or no, not "${text}"`);
    case 'integer':
      if (!/^-?\d{1,15}$/.test(text)) throw new NotationError(`${where} is a whole number`);
      return Number(text);
  }
}

/** The order a line of notation writes (its {comment} ignored); NotationError when it writes none. */
export function parseOrder(line: string): Record<string, unknown> & { type: string } {
  const [type, ...rest] = tokens(line);
  if (type === undefined) throw new NotationError('an empty line is no order');
  if (type === JSON_ORDER) {
    const whole = rest.length === 1 ? parseJson(rest[0], JSON_ORDER) : undefined;
    const order = typeof whole === 'string' ? parseJson(whole, JSON_ORDER) : undefined;
    if (
      typeof order !== 'object' ||
      order === null ||
      Array.isArray(order) ||
      typeof (order as { type?: unknown }).type !== 'string'
    )
      throw new NotationError(`${JSON_ORDER}: one quoted JSON object with a type`);
    return order as Record<string, unknown> & { type: string };
  }
  const shape = ORDER_SHAPES[type];
  if (!shape) throw new NotationError(`"${type}" is no order type`);
  const order: Record<string, unknown> & { type: string } = { type };
  const positional = shape.filter((s) => !s.optional);
  let i = 0;
  for (const s of positional) {
    const text = rest[i++];
    if (text === undefined) throw new NotationError(`${type}: its ${s.name} is missing`);
    order[s.name] = parseValue(s.kind, text, `${type} ${s.name}`);
  }
  for (; i < rest.length; i++) {
    const m = /^([A-Za-z]+)=(.*)$/s.exec(rest[i]);
    const s = m && shape.find((x) => x.optional && (x.alias ?? x.name) === m[1]);
    if (!m || !s) throw new NotationError(`${type}: "${rest[i]}" is not one of its fields`);
    if (s.name in order) throw new NotationError(`${type}: ${m[1]} is given twice`);
    order[s.name] = parseValue(s.kind, m[2], `${type} ${s.name}`);
  }
  // The optional fields in the order of the table, as formatOrder writes them.
  const sorted: Record<string, unknown> & { type: string } = { type };
  for (const s of shape) if (s.name in order) sorted[s.name] = order[s.name];
  return sorted;
}

// ------------------------------------------------------------- results ----

const SIDE_LETTER: Record<Side, string> = { union: 'U', confederate: 'C' };

const str = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? String(v)
    : Array.isArray(v)
      ? v.map(str).join(',')
      : v === null || v === undefined
        ? '-'
        : JSON.stringify(v);

/**
 * One event as short text: the common ones in words, every other as its type
 * and its plain fields. Results only inform a reader; they are never parsed.
 */
export function formatEvent(e: GameEvent): string {
  switch (e.type) {
    case 'moved':
    case 'strategic-moved':
      return `${str(e.unit)} ${str(e.from)}-${str(e.to)} (${str(e.mp)} MP)`;
    case 'entered':
      return `${str(e.unit)} enters ${str(e.hex)}`;
    case 'placed':
      return `${str(e.unit)} at ${str(e.hex)}`;
    case 'combat-resolved':
      return `${str(e.odds)} roll ${str(e.roll)}${e.read !== e.roll ? `→${str(e.read)}` : ''}: ${str(e.result)}`;
    case 'unit-retreated':
      return `${str(e.unit)} retreats ${str(e.from)}-${str(e.path)}`;
    case 'unit-advanced':
      return `${str(e.unit)} advances to ${str(e.to)}`;
    case 'unit-eliminated':
      return `${str(e.unit)} eliminated (${str(e.strength)} SP)`;
    case 'morale-changed':
      return `${str(e.unit)} ${str(e.from)}→${str(e.to)}`;
    case 'phase-started':
      return `${str(e.side)} ${str(e.phase)} phase`;
    case 'turn-started':
      return `Game-Turn ${str(e.turn)}${e.night ? ' (night)' : ''}`;
    case 'game-ended':
      return `game over: ${e.winner ? `${str(e.winner)} wins${e.level ? ` (${str(e.level)})` : ''}` : 'draw'}`;
    case 'resigned':
      return `${str(e.side)} resigns`;
    case 'draw-agreed':
      return `${str(e.acceptedBy)} accepts the draw offered by ${str(e.offeredBy)}`;
    case 'aborted':
      return `${str(e.side)} aborts`;
    case 'time-out':
      return `${str(e.flagged)} out of time`;
    case 'adjudicated':
      return `adjudicated (${str(e.reason)}): ${str(e.points)}`;
    case 'taken-back':
      return `back to entry ${str(e.to)}, ${str(e.undone)} taken back`;
    case 'die-rolled':
    case 'phase-ended':
    case 'combat-finished':
    case 'attack-declared':
    case 'decision-answered':
      return ''; // said by the order itself or the combat's result
    default: {
      const plain = Object.entries(e)
        .filter(([k, v]) => k !== 'type' && k !== 'rule' && (typeof v !== 'object' || v === null))
        .map(([k, v]) => `${k}=${str(v)}`);
      return [e.type, ...plain].join(' ');
    }
  }
}

/** The result of an entry: its events in short text, as a {comment} (empty when nothing is worth saying). */
export function formatResult(events: readonly GameEvent[]): string {
  const parts = events.map(formatEvent).filter((t) => t.length > 0);
  // Braces inside a comment would end it early: they never occur in event text, but keep it safe.
  return parts.length ? `{${parts.join('; ').replace(/[{}]/g, '')}}` : '';
}

/** One log entry as a line: number, side letter, order, result. */
export function formatEntry(entry: {
  seq: number;
  side: Side;
  order: unknown;
  events: readonly GameEvent[];
}): string {
  const result = formatResult(entry.events);
  return `${entry.seq}. ${SIDE_LETTER[entry.side]} ${formatOrder(entry.order)}${result ? ` ${result}` : ''}`;
}

/** A line of the move text: entry number, side and order (NotationError when it is none). */
export function parseEntry(line: string): {
  seq: number;
  side: Side;
  order: Record<string, unknown> & { type: string };
} {
  const m = /^\s*(\d{1,9})\.\s+([UC])\s+(.*)$/s.exec(line);
  if (!m) throw new NotationError('an entry line reads "<seq>. <U|C> <order> {result}"');
  return {
    seq: Number(m[1]),
    side: m[2] === 'U' ? 'union' : 'confederate',
    order: parseOrder(m[3]),
  };
}

// ---------------------------------------------------------- game text ----

/** The headers of a game's text, in the order they are written. */
export interface GameTextHeaders {
  [name: string]: string;
}

/** A whole game as text: `[Name "value"]` headers, a blank line, one entry per line. */
export function formatGameText(
  headers: GameTextHeaders,
  entries: ReadonlyArray<{ seq: number; side: Side; order: unknown; events: readonly GameEvent[] }>,
): string {
  const head = Object.entries(headers).map(([k, v]) => `[${k} ${JSON.stringify(v)}]`);
  return `${head.join('\n')}\n\n${entries.map(formatEntry).join('\n')}\n`;
}

/** Reads a game's text: its headers and its entries (NotationError naming the line of the first problem). */
export function parseGameText(text: string): {
  headers: GameTextHeaders;
  entries: Array<ReturnType<typeof parseEntry>>;
} {
  const headers: GameTextHeaders = {};
  const entries: Array<ReturnType<typeof parseEntry>> = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith(';')) continue;
    try {
      const h = /^\[([A-Za-z][A-Za-z0-9]*)\s+("(?:[^"\\]|\\.)*")\]$/.exec(line);
      if (h) {
        if (entries.length > 0) throw new NotationError('headers come before the entries');
        headers[h[1]] = parseJson(h[2], `header ${h[1]}`) as string;
        continue;
      }
      const entry = parseEntry(line);
      if (entry.seq !== entries.length + 1)
        throw new NotationError(`entry ${entries.length + 1} expected, not ${entry.seq}`);
      entries.push(entry);
    } catch (e) {
      if (e instanceof NotationError) throw new NotationError(`line ${i + 1}: ${e.message}`);
      throw e;
    }
  }
  return { headers, entries };
}
