import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from '../../migrations';

describe('migrations/index.ts', () => {
  it('lists every migration file, oldest first', () => {
    const dir = join(__dirname, '..', '..', 'migrations');
    const files = readdirSync(dir)
      .filter((f) => /^\d+-.+\.ts$/.test(f))
      .sort();
    const timestamps = files.map((f) => f.split('-')[0]);
    const listed = MIGRATIONS.map((m) => (m.name.match(/(\d+)$/) ?? [])[1]);
    expect(listed).toEqual(timestamps);
  });
});
