import { ESLint } from 'eslint';
import { join } from 'node:path';

/** The lint rules that keep src/engine pure really fire (on a virtual file under src/engine). */
describe('eslint: src/engine is pure', () => {
  const eslint = new ESLint({ cwd: join(__dirname, '..', '..') });

  async function ruleIds(code: string, filePath = 'src/engine/__purity_probe__.ts') {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.map((m) => m.ruleId);
  }

  it.each([
    [
      "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n",
      'no-restricted-imports',
    ],
    [
      "import { DataSource } from 'typeorm';\nexport const x = DataSource;\n",
      'no-restricted-imports',
    ],
    ["import { Client } from 'pg';\nexport const x = Client;\n", 'no-restricted-imports'],
    ['export const x = Math.random();\n', 'no-restricted-properties'],
    ['export const x = Date.now();\n', 'no-restricted-properties'],
    ['export const x = new Date();\n', 'no-restricted-syntax'],
  ])('forbids %j', async (code, rule) => {
    expect(await ruleIds(code)).toContain(rule);
  });

  it('allows the same code outside the engine', async () => {
    expect(await ruleIds('export const x = Date.now();\n', 'src/games/__probe__.ts')).toEqual([]);
  });
});
