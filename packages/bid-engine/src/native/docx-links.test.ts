import { describe, expect, it } from 'vitest';
import { stripLinkingFields } from './docx-links.js';

const run = (inner: string) => `<w:r>${inner}</w:r>`;
const field = (instr: string, result: string) =>
  run('<w:fldChar w:fldCharType="begin"/>') + run(`<w:instrText xml:space="preserve">${instr}</w:instrText>`) + run('<w:fldChar w:fldCharType="separate"/>') + result + run('<w:fldChar w:fldCharType="end"/>');

describe('stripLinkingFields', () => {
  it('removes INCLUDEPICTURE / INCLUDETEXT / LINK / DDE fields and keeps their cached results; other fields stay', () => {
    const xml =
      `<w:p>${field(' INCLUDEPICTURE "http://127.0.0.1:9/a.png" \\d ', run('<w:t>图</w:t>'))}</w:p>` +
      `<w:p>${field(' PAGE ', run('<w:t>3</w:t>'))}</w:p>` +
      `<w:p><w:fldSimple w:instr=" INCLUDETEXT &quot;file:///etc/passwd&quot; "><w:r><w:t>缓存</w:t></w:r></w:fldSimple></w:p>` +
      `<w:p><w:fldSimple w:instr=" DDEAUTO excel x "/></w:p>`;
    const out = stripLinkingFields(xml);
    expect(out.fields).toBe(3);
    expect(out.xml).not.toMatch(/INCLUDEPICTURE|INCLUDETEXT|DDEAUTO|127\.0\.0\.1|passwd/);
    expect(out.xml).toContain('<w:t>图</w:t>');
    expect(out.xml).toContain('<w:t>缓存</w:t>');
    expect(out.xml).toContain(' PAGE ');
    expect(out.xml).toContain('<w:t>3</w:t>');
  });

  it('handles a linking field nested in another field, and one without a cached result', () => {
    const inner = field(' INCLUDEPICTURE "http://x/y.png" ', run('<w:t>内</w:t>'));
    const xml = `<w:p>${field(' IF 1 = 1 ', inner)}</w:p><w:p>${run('<w:fldChar w:fldCharType="begin"/>')}${run('<w:instrText> LINK Excel.Sheet "C:\\\\a.xls" </w:instrText>')}${run('<w:fldChar w:fldCharType="end"/>')}</w:p>`;
    const out = stripLinkingFields(xml);
    expect(out.fields).toBe(2);
    expect(out.xml).not.toMatch(/INCLUDEPICTURE|LINK Excel/);
    expect(out.xml).toContain(' IF 1 = 1 ');
    expect(out.xml).toContain('<w:t>内</w:t>');
    // still balanced: as many runs open as close
    expect((out.xml.match(/<w:r>/g) ?? []).length).toBe((out.xml.match(/<\/w:r>/g) ?? []).length);
  });
});
