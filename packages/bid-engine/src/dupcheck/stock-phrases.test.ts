/**
 * The duplicate check leaves out the offline writer's stock phrasing (stock-phrases.json); the file must list what the
 * writer's sources say today, or bids written with this product would be taken for copies of each other.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — a plain .mjs script without declarations
import { extractStockPhrases, OUTPUT } from '../../../../scripts/stock-phrases.mjs';

describe('the writer’s stock phrasing', () => {
  it('is up to date with the writer (run `node scripts/stock-phrases.mjs` after changing the writer)', () => {
    const current = (extractStockPhrases as () => string[])();
    // the writer's fixed wording shrank when its phrase bank went (issue 24): the forms' fixed text is most of it now
    expect(current.length).toBeGreaterThan(200);
    expect(current).toContain('不得修改格式中的固定文字，不得增删栏目');
    expect(JSON.parse(readFileSync(OUTPUT as string, 'utf8'))).toEqual(current);
  });
});
