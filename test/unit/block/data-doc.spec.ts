import * as fs from 'fs';
import { BLOCK_DATA_DOC, buildBlockDataDoc } from '../../../scripts/block-data-doc';

describe('docs/block-data.md', () => {
  it('is up to date with the block data documents (run npm run block-data:doc)', () => {
    expect(fs.readFileSync(BLOCK_DATA_DOC, 'utf8')).toBe(buildBlockDataDoc());
  });
});
