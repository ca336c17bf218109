import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BLOCK_DATA,
  BlockDataSet,
  crossCheckBlockData,
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
