import * as fs from 'fs';
import * as path from 'path';
import { ORDERS_OF_BATTLE, ObUnit } from '../../../src/engine/rules/block/data';

/** The rules document 002 (Bobby Lee & Sam Grant), where the orders of battle were read. */
const seedLines = (): string[] => {
  for (const dir of ['/work/shared/seeds', path.join(__dirname, '../../../docs/seeds')]) {
    if (!fs.existsSync(dir)) continue;
    const f = fs.readdirSync(dir).find((n) => n.startsWith('002_') && n.endsWith('.txt'));
    if (f) return fs.readFileSync(path.join(dir, f), 'utf8').split('\n');
  }
  throw new Error('seed 002 not found');
};

/** How the OB charts (and [13.1]'s abbreviated list) print a block's type and CV. */
function printedForms(u: ObUnit): string[] {
  const cv = String(u.cv);
  if (u.hq) {
    const code = (u.printedHq ?? u.hq).toLowerCase();
    return [`${code} ${cv}`, `${code}${cv}`];
  }
  const words: Record<string, string[]> = {
    infantry: ['infantry', 'inf'],
    brigade: ['brigade'],
    garrison: ['garrison', 'gar'],
    cavalry: ['cavalry', 'cav'],
    artillery: ['artillery', 'art', 'artillary'],
    'heavy-artillery': ['heavy arty'],
  };
  return (words[u.type!] ?? []).map((w) => `${w} ${cv}`);
}

describe('orders of battle: every unit is on the seed line it cites', () => {
  const lines = seedLines();
  const units = ORDERS_OF_BATTLE.flatMap((ob) =>
    [
      ...ob.sides.union.units,
      ...ob.sides.confederate.units,
      ...ob.forces.flatMap((f) => f.units),
    ].map((u): [string, ObUnit] => [ob.id, u]),
  );

  it.each(units.map(([ob, u]) => [ob, u.id, u] as const))('%s %s', (_ob, _id, u) => {
    const line = lines[u.line - 1].toLowerCase().replace(/\s+/g, ' ');
    // A66/A67: type and CV lost in OCR; the value is the recorded resolution, not the line's.
    if (u.type !== null && u.cv !== null && !u.defects?.includes('A66'))
      expect(printedForms(u).some((form) => line.includes(form))).toBe(true);
    // A73: name lost; 'Kentucky Militia' is [13.1]'s heading, not the line's.
    if (u.name && !u.defects?.includes('A73') && !u.id.startsWith('ky-militia'))
      expect(line).toContain(u.name.split(/[ /,]/)[0].toLowerCase());
  });
});

describe('orders of battle: every dropped OCR row is on the seed line it cites', () => {
  const lines = seedLines();
  const dropped = ORDERS_OF_BATTLE.flatMap((ob) =>
    ob.dropped.map((d) => [ob.id, d.line, d.printed] as const),
  );

  it.each(dropped)('%s L%i %s', (_ob, line, printed) => {
    const text = lines[line - 1].replace(/\s+/g, ' ');
    for (const part of printed.split(' | '))
      expect(text).toContain(part.replace(/\s+/g, ' ').trim());
  });
});
