import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BLOCK_DATA,
  attackLimit,
  BlockDataSet,
  blockMaxCv,
  blockScenario,
  monthWeather,
  rolledWeather,
  forageLimit,
  forceMarchModifier,
  forceMarchSucceeds,
  reinforceLimit,
  CALENDAR,
  commandRange,
  hqByCode,
  orderOfBattle,
  scheduledRps,
  spareBlocks,
  crossCheckBlockData,
  crossCheckOrderOfBattle,
  findObUnit,
  FireContext,
  firepower,
  isHit,
  maxCvOf,
  pursuitFire,
  UnitTypeId,
  unitType,
} from '../../../src/engine/rules/block/data';

const root = join(__dirname, '..', '..', '..');
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** Each document under src/engine/rules/block/data and the schema it must satisfy. */
const DOCUMENTS: [document: string, schema: string][] = [
  ['unit-data.json', 'block-unit-data.schema.json'],
  ['counter-mix.json', 'block-counter-mix.schema.json'],
  ['hqs.json', 'block-hqs.schema.json'],
  ['replacements.json', 'block-replacements.schema.json'],
  ['calendar.json', 'block-calendar.schema.json'],
  ['locations.json', 'block-locations.schema.json'],
  ['ocr-defects.json', 'block-ocr-defects.schema.json'],
  ['terrain-effects.json', 'block-terrain-effects.schema.json'],
  ...readdirSync(join(root, 'src/engine/rules/block/data/orders-of-battle'))
    .sort()
    .map((f): [string, string] => [`orders-of-battle/${f}`, 'block-order-of-battle.schema.json']),
];

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('block data documents (002) against their JSON Schemas', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (schemaFile: string): ValidateFunction => {
    if (!validators.has(schemaFile))
      validators.set(schemaFile, ajv.compile(readJson(`scenarios/schema/${schemaFile}`) as object));
    return validators.get(schemaFile)!;
  };

  it.each(DOCUMENTS)('%s satisfies scenarios/schema/%s', (doc, schemaFile) => {
    const validate = validatorOf(schemaFile);
    const ok = validate(readJson(`src/engine/rules/block/data/${doc}`));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('a schema refuses a damaged document (firepower F4 in the Unit Data chart)', () => {
    const validate = validatorOf('block-unit-data.schema.json');
    const doc = clone(BLOCK_DATA.unitData);
    (doc.types[0].fire[0] as { melee: number }).melee = 4;
    expect(validate(doc)).toBe(false);
  });
});

describe('block data cross-references', () => {
  it('every document agrees with the others', () => {
    expect(crossCheckBlockData(BLOCK_DATA)).toEqual([]);
  });

  it('a counter-mix column that does not add up is reported unless its defect is recorded (A63)', () => {
    const data: BlockDataSet = clone(BLOCK_DATA);
    const csaWest = data.counterMix.tables.find(
      (t) => t.side === 'confederate' && t.theater === 'west',
    )!;
    csaWest.printedDisagreements = [];
    expect(crossCheckBlockData(data).map((p) => p.message)).toEqual([
      'confederate west 1861: rows sum to 16/30, totals print 17/35',
      // ... and, the column no longer being excused, the [13.1] listing disagrees with it
      'confederate cavalry: the OB lists 3/7, the 1861 table prints 2/3',
      'confederate infantry: the OB lists 8/16, the 1861 table prints 8/17',
      'confederate totals: the OB lists 17/33, the 1861 table prints 17/35',
    ]);
  });

  it('a maximum CV that is not Mix steps / units is reported (notes §2.3)', () => {
    const data: BlockDataSet = clone(BLOCK_DATA);
    data.counterMix.tables[0].maxCv.infantry!.value = 4;
    expect(crossCheckBlockData(data)).toHaveLength(1);
  });
});

describe('Unit Data chart [2.3] and the battle firepower matrix (notes §2.2)', () => {
  it.each([
    // type, context, month, fortress battle, expected
    ['infantry', 'engagedOffense', '1862-05', false, 2], // [2.22] F2
    ['infantry', 'melee', '1862-05', false, 3], // [2.22] F3 in melee
    ['brigade', 'engagedDefense', '1861-07', false, 2], // [2.221] like infantry
    ['garrison', 'engagedOffense', '1861-07', false, 1], // [2.23] F1 offense
    ['garrison', 'engagedDefense', '1861-07', false, 2], // [2.23] F2 defense
    ['garrison', 'melee', '1861-07', false, 2], // [2.23] F2 melee
    ['garrison', 'enfiladeEnemyLine', '1861-07', false, 1], // [2.23] always F1 (A30)
    ['cavalry', 'engagedOffense', '1862-12', false, 1], // [2.24] before 1863 F1
    ['cavalry', 'engagedDefense', '1862-12', false, 1],
    ['cavalry', 'engagedOffense', '1863-01', false, 2], // [2.24] from January 1863 F2
    ['cavalry', 'engagedDefense', '1863-01', false, 3], // ... and F3 on defense (A1)
    ['cavalry', 'melee', '1861-07', false, 3], // [2.24] F3 in melee always
    ['artillery', 'longRange', '1862-05', false, 1], // [7.31] long F1
    ['artillery', 'engagedOffense', '1862-05', false, 3], // [7.31] short F3
    ['artillery', 'melee', '1862-05', false, 1],
    ['artillery', 'enfiladeEnemyLine', '1862-05', false, 2], // [7.34]
    ['heavy-artillery', 'longRange', '1862-05', false, 1], // [7.31] F1/F3
    ['heavy-artillery', 'longRange', '1862-05', true, 2], // [7.31] F2/F3 in fortress battles
    ['heavy-artillery', 'engagedDefense', '1862-05', true, 3],
    ['heavy-artillery', 'enfiladeOwnLine', '1862-05', false, 1], // A31
    ['heavy-artillery', 'enfiladeEnemyLine', '1862-05', false, null], // never leaves the Center
    ['csa-hq', 'engagedDefense', '1862-05', false, 1], // [2.21] F1 if engaged (A2)
    ['usa-hq', 'engagedOffense', '1862-05', false, null], // [2.21] cannot Engage
    ['usa-hq', 'enfiladeOwnLine', '1862-05', false, null], // [2.21] cannot Enfilade
    ['usa-hq', 'melee', '1862-05', false, 1],
  ] as [UnitTypeId, FireContext, string, boolean, number | null][])(
    '%s %s in %s (fortress %s) fires %s',
    (type, context, when, fortress, expected) => {
      expect(firepower(type, context, when, fortress)).toBe(expected);
    },
  );

  it('B2.23, B2.25: a Garrison fires F1 on offense, F2 on defense and in melee; field Artillery F1 at long range, F3 engaged', () => {
    expect(firepower('garrison', 'engagedOffense', '1863-06', false)).toBe(1);
    expect(firepower('garrison', 'engagedDefense', '1863-06', false)).toBe(2);
    expect(firepower('garrison', 'melee', '1863-06', false)).toBe(2);
    expect(firepower('artillery', 'longRange', '1863-06', false)).toBe(1);
    expect(firepower('artillery', 'engagedDefense', '1863-06', false)).toBe(3);
  });

  it('[2.3] F1 hits on 1, F2 on 1–2, F3 on 1–3', () => {
    const hits = (f: 1 | 2 | 3) => [1, 2, 3, 4, 5, 6].filter((face) => isHit(f, face));
    expect([hits(1), hits(2), hits(3)]).toEqual([[1], [1, 2], [1, 2, 3]]);
  });

  it('[7.14] pursuit: faster F2, same speed F1, slower none', () => {
    expect([pursuitFire(3, 2), pursuitFire(2, 2), pursuitFire(1, 2)]).toEqual([2, 1, null]);
  });

  it('Unit Data speeds and replacement costs as printed (L469–482)', () => {
    const row = (id: UnitTypeId) => {
      const t = unitType(id);
      return [t.speed.dry, t.speed.mud, t.replacement.cadre, t.replacement.step];
    };
    expect(
      Object.fromEntries(
        (
          [
            'infantry',
            'brigade',
            'garrison',
            'cavalry',
            'artillery',
            'heavy-artillery',
            'csa-hq',
            'usa-hq',
          ] as const
        ).map((id) => [id, row(id)]),
      ),
    ).toEqual({
      infantry: [2, 1, 3, 1],
      brigade: [2, 1, 1, null],
      garrison: [2, 1, 2, 1],
      cavalry: [3, 2, 2, 1],
      artillery: [2, 1, 4, 2],
      'heavy-artillery': [1, 0, 5, 2],
      'csa-hq': [3, 2, 4, 2],
      'usa-hq': [2, 1, 6, 3],
    });
  });

  it('maximum CV by side and theater (counter mix; USA West provisional, A40)', () => {
    expect(maxCvOf('union', 'east', 'infantry')?.value).toBe(3);
    expect(maxCvOf('confederate', 'east', 'infantry')?.value).toBe(4);
    expect(maxCvOf('confederate', 'east', 'artillery')?.value).toBe(3);
    expect(maxCvOf('union', 'west', 'artillery')).toEqual({ value: 4, provisional: true });
    expect(maxCvOf('confederate', 'west', 'heavy-artillery')?.value).toBeNull();
  });
});

describe('block data cross-references: each check can fail', () => {
  const problems = (mutate: (d: BlockDataSet) => void) => {
    const data: BlockDataSet = clone(BLOCK_DATA);
    mutate(data);
    return crossCheckBlockData(data).map((p) => `${p.document}: ${p.message}`);
  };
  const ob = (d: BlockDataSet, id: string) => d.ordersOfBattle.find((o) => o.id === id)!;

  it('an OB unit whose type is not in the Unit Data chart', () => {
    expect(
      problems((d) => {
        (ob(d, 'east-1861').sides.union.units[2] as { type: string }).type = 'zouave';
      }),
    ).toContain('east-1861: usa-tyler: type zouave is not in the Unit Data chart');
  });

  it('B2.221: a CSA-only type (Brigade) in a USA OB is reported', () => {
    expect(
      problems((d) => {
        ob(d, 'east-1861').sides.union.units[2].type = 'brigade';
      }),
    ).toEqual(
      expect.arrayContaining([
        'east-1861: usa-tyler: brigade is not a union type',
        'east-1861: union infantry: the OB lists 10/17, the 1861 table prints 11/20',
      ]),
    );
  });

  it('B2.211: an HQ code that is not an HQ of that side and theater is reported', () => {
    expect(
      problems((d) => {
        ob(d, 'east-1861').sides.union.units[0].hq = 'ANV';
      }),
    ).toContain('east-1861: usa-usa-hq: ANV is not a east union HQ code');
  });

  it('a CV above the block maximum (USA East infantry 3, notes §2.3)', () => {
    expect(
      problems((d) => {
        ob(d, 'east-1862').sides.union.units.find((u) => u.id === 'usa-sedgewick')!.cv = 4;
      }),
    ).toContain('east-1862: usa-sedgewick: CV 4 exceeds the maximum 3');
  });

  it('a location count that does not match the unit rows, unless the defect is recorded (A65)', () => {
    expect(
      problems((d) => {
        ob(d, 'east-1861').sides.union.units.find((u) => u.id === 'usa-cocke')!.location =
          'cumberland';
      }),
    ).toEqual(
      expect.arrayContaining([
        'east-1861: union Martinsburg: printed (1) but 0 units are listed there',
        'east-1861: union Cumberland: printed (1) but 2 units are listed there',
      ]),
    );
    expect(
      problems((d) => {
        const providence = ob(d, 'west-1863').sides.union.locations.find(
          (l) => l.location === 'providence',
        )!;
        delete providence.defects;
      }),
    ).toEqual(['west-1863: union Providence: printed (6) but 7 units are listed there']);
  });

  it('a location missing from the gazetteer', () => {
    expect(
      problems((d) => {
        d.locations.locations = d.locations.locations.filter(
          (l) => !(l.theater === 'east' && l.id === 'yorktown'),
        );
      }),
    ).toContain('east-1861: csa-anc-hq: east location yorktown is not in locations.json');
  });

  it('a defect cited that ocr-defects.json does not hold', () => {
    expect(
      problems((d) => {
        d.ocrDefects.defects = d.ocrDefects.defects.filter((x) => x.id !== 'A71');
      }),
    ).toContain('west-1864: defect A71 is not in ocr-defects.json');
  });

  it('a scenario naming an order of battle that does not exist', () => {
    expect(
      problems((d) => {
        d.calendar.scenarios[0].orders = ['east-1860'];
      }),
    ).toEqual(['calendar: east-1861: no order of battle east-1860']);
  });
});

describe('orders of battle (002 OB charts, [13.1])', () => {
  const steps = (id: string, side: 'union' | 'confederate') => {
    const units = orderOfBattle(id)!.sides[side].units;
    return [units.length, units.reduce((n, u) => n + (u.cv ?? 0), 0)];
  };

  it.each([
    // notes §9.2, verified by hand against the mix tables
    ['east-1861', 'union', 25, 46],
    ['east-1861', 'confederate', 20, 43],
    ['east-1862', 'union', 40, 105],
    ['east-1862', 'confederate', 31, 80],
    ['east-1863', 'union', 49, 118],
    ['east-1863', 'confederate', 32, 96],
    ['east-1864', 'union', 47, 117],
    ['east-1864', 'confederate', 31, 88],
    ['west-1861', 'union', 18, 35],
    ['west-1861', 'confederate', 17, 33], // A63: [13.1] listing, not the printed 17/35
    ['west-1862', 'union', 30, 71],
    ['west-1862', 'confederate', 25, 59],
    ['west-1863', 'union', 48, 125],
    ['west-1863', 'confederate', 31, 89],
    ['west-1864', 'union', 44, 111], // 43 blocks with 111 steps + Washburne, whose type and CV are missing (A67)
    ['west-1864', 'confederate', 26, 76],
  ] as const)('%s %s: %i units, %i steps', (id, side, units, cv) => {
    expect(steps(id, side)).toEqual([units, cv]);
  });

  it('East 1861 (notes §9.3): Washington (4), Alexandria (9), Manassas (7) as printed', () => {
    const at = (side: 'union' | 'confederate', loc: string) =>
      orderOfBattle('east-1861')!
        .sides[side].units.filter((u) => u.location === loc)
        .map((u) => `${u.hq ?? u.type}${u.cv}`);
    expect(at('union', 'washington')).toEqual([
      'USA3',
      'garrison3',
      'artillery1',
      'heavy-artillery1',
    ]);
    expect(at('union', 'alexandria')).toEqual([
      'AP3',
      'infantry3',
      'infantry2',
      'infantry3',
      'infantry2',
      'infantry2',
      'cavalry1',
      'artillery2',
      'artillery2',
    ]);
    expect(at('confederate', 'manassas')).toEqual([
      'ANV3',
      'infantry4',
      'infantry2',
      'infantry3',
      'infantry2',
      'artillery1',
      'artillery2',
    ]);
  });

  it('OCR resolutions: A64 location and A67 type/CV are null with a missing note and a provisional value', () => {
    const indiana = orderOfBattle('west-1862')!.sides.union.units.find(
      (u) => u.name === 'Indiana',
    )!;
    expect(indiana.location).toBeNull();
    expect(indiana.missing).toMatch(/illegible/);
    expect(indiana.resolutions).toEqual([
      expect.objectContaining({ defect: 'A64', value: 'mumfordville', provisional: true }),
    ]);
    const washburne = orderOfBattle('west-1864')!.sides.union.units.find(
      (u) => u.name === 'Washburne',
    )!;
    expect([washburne.type, washburne.cv]).toEqual([null, null]);
    expect(washburne.resolutions?.map((r) => [r.field, r.value])).toEqual([
      ['type', 'garrison'],
      ['cv', 3],
    ]);
  });

  it('A3/A4: printed CSW and MS resolve to the CW and CU HQ blocks', () => {
    const hqs = (id: string, side: 'union' | 'confederate') =>
      orderOfBattle(id)!
        .sides[side].units.filter((u) => u.hq)
        .map((u) => (u.printedHq ? `${u.hq}(${u.printedHq})` : u.hq));
    expect(hqs('west-1862', 'union')).toEqual(['UW', 'TN', 'CU(MS)', 'OH']);
    expect(hqs('west-1862', 'confederate')).toEqual(['CW(CSW)', 'KY', 'MS']);
    expect(hqByCode('west', 'union', 'MS')?.code).toBe('CU');
    expect(hqByCode('west', 'confederate', 'MS')?.code).toBe('MS');
  });

  it('Forrest [2.241] is one CSA West cavalry block in every West OB', () => {
    for (const id of ['west-1861', 'west-1862', 'west-1863', 'west-1864'])
      expect(
        orderOfBattle(id)!
          .sides.confederate.units.filter((u) => u.forrest)
          .map((u) => u.type),
      ).toEqual(['cavalry']);
  });

  it('Halleck may not command the Army of the Ohio until March/62 (L1980, A83): its eleven blocks are tagged', () => {
    const ob = orderOfBattle('west-1862')!;
    expect(ob.events.find((e) => e.id === 'halleck-army-of-the-ohio')).toMatchObject({
      when: '1862-02',
      until: '1862-03',
    });
    expect(
      ob.sides.union.units.filter((u) => u.command === 'Army of the Ohio').map((u) => u.name),
    ).toEqual([
      'Buell',
      'Wood',
      'Mendenhall',
      'Thomas',
      'Mitchell',
      'McCook',
      'Nelson',
      'Terrill',
      'Indiana',
      'Kentucky',
      'Crittenden',
    ]);
  });

  it("CSA West emergency forces [4.54] and Longstreet's Corps are forces beside the setup", () => {
    const forces = (id: string) =>
      orderOfBattle(id)!.forces.map((f) => [
        f.id,
        f.available,
        f.units.map((u) => `${u.type}${u.cv}`).join(' '),
      ]);
    expect(forces('west-1862')).toEqual([
      ['braggs-corps', '1862-03', 'infantry4 infantry3 artillery3 cavalry3'],
      ['van-dorns-corps', '1862-03', 'infantry4 infantry3 cavalry2 artillery3'],
    ]);
    expect(forces('west-1863')).toEqual([
      ['longstreets-corps', '1863-09', 'infantry3 infantry4 artillery3'],
    ]);
    expect(forces('west-1861')).toEqual([['kentucky-militia', '1861-07', 'garrison2 garrison1']]);
  });
});

describe('HQs [2.21], Replacements chart [12.2], calendar [4.2]', () => {
  it('[5.121] ANV range 2, then 3 from June 1862; AP 1, then 2 from March 1864; Supreme HQs none [5.13]', () => {
    const anv = hqByCode('east', 'confederate', 'ANV')!;
    const ap = hqByCode('east', 'union', 'AP')!;
    expect([commandRange(anv, '1862-05'), commandRange(anv, '1862-06')]).toEqual([2, 3]);
    expect([commandRange(ap, '1864-02'), commandRange(ap, '1864-03')]).toEqual([1, 2]);
    expect(commandRange(hqByCode('west', 'union', 'UW')!, '1863-01')).toBeNull();
  });

  it('[12.2] RPs per month as charted; 1865 uses 1864 [4.34]', () => {
    expect(scheduledRps('union', 'east', 1861)).toBe(12);
    expect(scheduledRps('confederate', 'west', 1863)).toBe(12);
    expect(scheduledRps('union', 'west', 1865)).toBe(16);
    expect(scheduledRps('union', 'west', 1867)).toBeUndefined();
  });

  it('[4.21][4.22] scenario calendars; victory-track numbers are missing, not guessed', () => {
    const s = (id: string) => CALENDAR.scenarios.find((x) => x.id === id)!;
    expect([s('east-1861').start, s('east-1861').end]).toEqual(['1861-07', '1861-10']);
    expect([s('west-1862').start, s('west-1862').end]).toEqual(['1862-02', '1862-10']);
    expect(s('east-campaign').end).toBeNull();
    expect(CALENDAR.victoryTrack.thresholds).toBeNull();
    expect(CALENDAR.victoryTrack.missing).toMatch(/not in 002/);
  });
});

describe("USA West orders of battle against the notes' independent transcription (§9.3): no table checks them (A40)", () => {
  const setup = (id: string, side: 'union' | 'confederate') => {
    const byLocation = new Map<string, string[]>();
    for (const u of orderOfBattle(id)!.sides[side].units) {
      const key = u.location ?? '?';
      const label =
        u.type === null ? '?' : u.hq ? `${u.hq}${u.cv}` : `${ABBREVIATION[u.type]}${u.cv}`;
      byLocation.set(key, [...(byLocation.get(key) ?? []), label]);
    }
    return [...byLocation].map(([loc, units]) => `${loc}: ${units.join(' ')}`);
  };
  const ABBREVIATION: Record<string, string> = {
    infantry: 'Inf',
    brigade: 'Brig',
    garrison: 'Gar',
    cavalry: 'Cav',
    artillery: 'Art',
    'heavy-artillery': 'HvyArt',
  };

  it('West 1861 [13.1]', () => {
    expect(setup('west-1861', 'union')).toEqual([
      'st-louis: UW3 Inf3 Inf2 Art2',
      'rolla: Cav2',
      'irontown: Cav1',
      'cape-girardeau: Inf2 Inf2',
      'cairo: TN2 Inf2 Inf2 Art1',
      'evansville: Inf2',
      'new-albany: Inf3',
      'cincinnati: OH1 Inf2 Inf2 Art1',
    ]);
    expect(setup('west-1861', 'confederate')).toEqual([
      'atlanta: Gar2 Inf1',
      'vicksburg: Inf1',
      'corinth: Cav2',
      'memphis: Inf2 Art1',
      'ft-henry: Inf2',
      'ft-donelson: Inf2 Art1',
      'nashville: CW3 Inf3 Cav3 Art2',
      'clarkesville: KY1 Inf3 Cav2',
      'knoxville: Inf2',
    ]);
  });

  it('West 1862 USA (A4 MS is the CU block, A64 location illegible)', () => {
    expect(setup('west-1862', 'union')).toEqual([
      'st-louis: UW4 Inf3 Inf2 Cav2 Art4',
      'cairo: TN3 Inf3 Inf3 Inf3 Art2',
      'paducah: Inf3',
      'irontown: CU2 Inf1 Inf1 Inf2 Inf1 Inf1 Art1',
      'rolla: Cav2',
      'louisville: OH3 Gar2 Art2',
      'lebanon: Inf3',
      'mumfordville: Inf3 Inf3 Inf3 Art2',
      '?: Cav2',
      'somerset: Cav3',
      'calhoun: Inf2',
    ]);
  });

  it('West 1863 USA (A65: unit rows authoritative)', () => {
    expect(setup('west-1863', 'union')).toEqual([
      'st-louis: UW4',
      'providence: TN4 Inf3 Inf3 Inf3 Inf2 Cav2 Art2',
      'duckport: Inf3 Inf3 Inf2 Art2',
      'memphis: Inf3 Inf3 Gar3 Gar3',
      'grand-jct: Cav3',
      'corinth: Gar3',
      'hard-times: Inf3 Inf2 Inf2 Art3',
      'nashville: CU2 Gar2 Inf3 Inf3 Inf3 Art3',
      'ft-donelson: Gar1',
      'murfreesboro: Inf3 Inf2 Inf2 Inf2 Art4',
      'carthage: Inf3 Inf2 Inf3 Art3',
      'franklin: Cav2 Cav2',
      'danville: Cav2',
      'frankfort: OH2 Inf3 Inf3 Cav2 Art2',
      'louisville: Gar3 Gar2',
    ]);
  });

  it('West 1864 USA (A67 Washburne type and CV missing)', () => {
    expect(setup('west-1864', 'union')).toEqual([
      'nashville: UW4 Inf3',
      'franklin: Cav3',
      'bowling-green: Inf3',
      'louisville: Gar3',
      'memphis: ?',
      'grand-jct: Cav2',
      'corinth: Cav3',
      'vicksburg: Gar2 Gar2',
      'huntsville: TN3 Art4 Inf3 Inf3',
      'athens: Inf2',
      'columbia: Inf3',
      'stevenson: Inf3 Art2',
      'trenton: Inf3',
      'tuscumbia: Inf3',
      'decatur: Inf3 Art2',
      'chattanooga: CU3 Inf3 Inf3 Inf3 Art3 Inf3 Inf3 Inf2 Art1',
      'cleveland: Inf3 Inf3 Inf2 Art3',
      'red-clay: Cav3 Cav2 Cav2',
      'knoxville: OH2 Inf2 Inf1 Inf1 Art2',
      'loudon: Cav2',
    ]);
  });
});

describe('OB unit references (for battle scenarios drawn from an OB)', () => {
  it('finds a unit in a setup or a force, with its side', () => {
    expect(findObUnit('east-1861', 'usa-ap-hq')).toMatchObject({
      side: 'union',
      force: null,
      unit: { hq: 'AP', cv: 3, location: 'alexandria', line: 2158 },
    });
    expect(findObUnit('west-1863', 'csa-hood')).toMatchObject({
      side: 'confederate',
      force: 'longstreets-corps',
    });
    expect(findObUnit('west-1861', 'ky-militia-frankfort')).toMatchObject({
      side: null,
      force: 'kentucky-militia',
    });
    expect(findObUnit('east-1861', 'usa-nobody')).toBeUndefined();
  });

  it("[2.4] maximum CV: an HQ its own, a block its type's for side and theater", () => {
    expect(blockMaxCv('east', 'union', { type: 'usa-hq', hq: 'AP' })).toBe(4);
    expect(blockMaxCv('west', 'union', { type: 'usa-hq', hq: 'MS' })).toBe(3);
    expect(blockMaxCv('east', 'confederate', { type: 'infantry' })).toBe(4);
    expect(blockMaxCv('west', 'confederate', { type: 'heavy-artillery' })).toBeNull();
  });
});

describe('Terrain Effects chart (L151–167) and Force March table (L844–848)', () => {
  it('[7.51] example: in Dry two units reinforce across a Clear hexside, one across a Forest hexside; Mud Forest needs a DR', () => {
    expect([
      reinforceLimit('clear', 'dry'),
      reinforceLimit('forest', 'dry'),
      reinforceLimit('forest', 'mud'),
    ]).toEqual([2, 1, 'DR']);
  });

  it('[7.12] example: two units retreat across a Dry Forest hexside by day, four at night', () => {
    expect([attackLimit('forest', 'dry'), attackLimit('forest', 'dry', true)]).toEqual([2, 4]);
  });

  it('[1.31] Marsh and Gap hexsides are seasonally impassable in Mud; Mountain and Major River always', () => {
    expect(
      (['marsh', 'gap', 'mountain', 'major-river', 'minor-river'] as const).map((h) => [
        attackLimit(h, 'mud'),
        reinforceLimit(h, 'mud'),
      ]),
    ).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [1, 'DR'],
    ]);
  });

  it('[11.2] example: a city in clear terrain forages six units in Dry and four in Mud; a marsh none in Mud', () => {
    expect([forageLimit('clear', 'city', 'dry'), forageLimit('clear', 'city', 'mud')]).toEqual([
      6, 4,
    ]);
    expect([forageLimit('marsh', null, 'mud'), forageLimit('forest', 'town', 'mud')]).toEqual([
      0, 2,
    ]);
  });

  it('[5.322] Force March: Cavalry +1, Artillery -1 (Heavy too, A18), rough hexside and Mud -1 each (both -2); USA 5-6, CSA 4-6', () => {
    expect(forceMarchModifier('cavalry', false, 'dry')).toBe(1);
    expect(forceMarchModifier('heavy-artillery', false, 'dry')).toBe(-1);
    expect(forceMarchModifier('infantry', true, 'mud')).toBe(-2);
    expect([forceMarchSucceeds('union', 4), forceMarchSucceeds('union', 5)]).toEqual([false, true]);
    expect([forceMarchSucceeds('confederate', 3), forceMarchSucceeds('confederate', 4)]).toEqual([
      false,
      true,
    ]);
  });
});

describe('[4.23] spare blocks: the Mix less the starting OB (the Victory Track pool)', () => {
  it('East 1861 USA: 24 spare blocks, every HQ fielded', () => {
    expect(spareBlocks('east-1861', 'union')).toEqual({
      units: { artillery: 2, cavalry: 6, garrison: 2, 'heavy-artillery': 1, infantry: 13 },
      hqs: [],
    });
  });

  it('West 1862 CSA: the TN HQ arrives by the May/62 exchange (OB NOTE 2); the emergency forces come from the spares', () => {
    const spare = spareBlocks('west-1862', 'confederate')!;
    expect(spare.hqs).toEqual(['TN']);
    expect(spare.units).toEqual({ artillery: 2, cavalry: 2, garrison: 1, infantry: 4 });
    // Bragg's and Van Dorn's corps: 4 infantry, 2 artillery, 2 cavalry: all within the spares
    const forces = orderOfBattle('west-1862')!.forces.flatMap((f) => f.units);
    for (const type of ['infantry', 'artillery', 'cavalry'] as const)
      expect(forces.filter((u) => u.type === type).length).toBeLessThanOrEqual(spare.units[type]!);
  });

  it('USA West: no Mix is printed (A40), so the pool is unknown', () => {
    expect(spareBlocks('west-1863', 'union')).toBeUndefined();
  });
});

describe('crossCheckOrderOfBattle: one OB (e.g. an upload) against the built-in documents', () => {
  it('a built-in OB passes; a damaged copy is refused with the paths of its problems', () => {
    expect(crossCheckOrderOfBattle(orderOfBattle('east-1862')!)).toEqual([]);
    const copy = clone(orderOfBattle('east-1862')!);
    copy.sides.confederate.units[0].hq = 'AP';
    copy.sides.confederate.units[1].location = 'atlantis';
    expect(crossCheckOrderOfBattle(copy).map((p) => `${p.path}: ${p.message}`)).toEqual(
      expect.arrayContaining([
        'sides.confederate.units[0].hq: csa-csa-hq: AP is not a east confederate HQ code',
        'sides.confederate.units[1].location: csa-anv-hq: east location atlantis is not in locations.json',
      ]),
    );
  });
});

describe('[4.41] weather by month', () => {
  it('December–March Mud and May–October Dry, fixed (A24); November starts Dry and April Mud, and roll', () => {
    expect(monthWeather('1862-01')).toEqual({ weather: 'mud', rolls: false });
    expect(monthWeather('1862-07')).toEqual({ weather: 'dry', rolls: false });
    expect(monthWeather('1862-11')).toEqual({ weather: 'dry', rolls: true });
    expect(monthWeather('1863-04')).toEqual({ weather: 'mud', rolls: true });
  });

  it('a weather roll: odd Mud, even Dry, in November and April only (L676–684, A82)', () => {
    expect([rolledWeather('1862-11', 3), rolledWeather('1862-11', 6)]).toEqual(['mud', 'dry']);
    expect([rolledWeather('1863-04', 1), rolledWeather('1863-04', 2)]).toEqual(['mud', 'dry']);
    expect(rolledWeather('1863-06', 1)).toBeUndefined();
  });

  it('every one-year scenario runs in Dry months except the West 1862 and 1863 openings (Feb, Apr)', () => {
    const months = (id: string) => {
      const s = blockScenario(id)!;
      const out: string[] = [];
      for (let m = Number(s.start.slice(5)); m <= Number(s.end!.slice(5)); m++)
        out.push(monthWeather(`${s.start.slice(0, 4)}-${String(m).padStart(2, '0')}`).weather);
      return out.join(' ');
    };
    expect(months('east-1861')).toBe('dry dry dry dry');
    expect(months('west-1862')).toBe('mud mud mud dry dry dry dry dry dry');
    expect(months('west-1863')).toBe('mud dry dry dry dry dry dry');
  });
});
