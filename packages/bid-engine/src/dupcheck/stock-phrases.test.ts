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
    expect(current.length).toBeGreaterThan(500);
    expect(current).toContain('提出调整意见，我方及时书面回复。');
    expect(JSON.parse(readFileSync(OUTPUT as string, 'utf8'))).toEqual(current);
  });
});
