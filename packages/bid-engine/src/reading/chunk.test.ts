import { describe, expect, it } from 'vitest';
import { chunkPages } from './chunk.js';

const page = (n: number, lines: number, width = 30) => ({
  page: n,
  text: Array.from({ length: lines }, (_, i) => `第${n}页第${i}行`.padEnd(width, '文')).join('\n'),
});

describe('chunkPages', () => {
  const pages = Array.from({ length: 20 }, (_, i) => page(i + 1, 40));

  it.each([50, 200, 1000, 6000, 100_000])('size %i: every chunk fits, pages are in order, nothing is lost', (size) => {
    const chunks = chunkPages(pages, { size });
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(size);
      expect(c.pageFrom).toBeLessThanOrEqual(c.pageTo);
    }
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.pageFrom).toBeGreaterThanOrEqual(chunks[i - 1]!.pageTo);
    expect(chunks.map((c) => c.text).join('\n').replace(/\n/g, '')).toBe(pages.map((p) => p.text).join('').replace(/\n/g, ''));
    expect(chunks[0]!.pageFrom).toBe(1);
    expect(chunks.at(-1)!.pageTo).toBe(20);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  });

  it('records the pages a chunk spans', () => {
    const chunks = chunkPages([page(1, 2), page(2, 2), page(3, 2)], { size: 10_000 });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ pageFrom: 1, pageTo: 3 });
  });

  it('cuts a single line longer than a chunk, preferring sentence ends', () => {
    const long = '投标人应当遵守招标文件的规定。'.repeat(100);
    const chunks = chunkPages([{ page: 7, text: long }], { size: 100 });
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(100);
      expect(c.text.endsWith('。')).toBe(true);
      expect(c).toMatchObject({ pageFrom: 7, pageTo: 7 });
    }
    expect(chunks.map((c) => c.text).join('')).toBe(long);
  });

  it('overlaps chunks by whole lines when asked', () => {
    const chunks = chunkPages(pages, { size: 500, overlap: 100 });
    for (let i = 1; i < chunks.length; i++) {
      const prevLines = chunks[i - 1]!.text.split('\n');
      const lines = chunks[i]!.text.split('\n');
      expect(lines).toContain(prevLines.at(-1));
      expect(prevLines.slice(-4)).toContain(lines[0]);
      expect(chunks[i]!.text.length).toBeLessThanOrEqual(500);
    }
  });

  it('no text, no chunks', () => {
    expect(chunkPages([{ page: 1, text: '' }])).toEqual([]);
  });
});
