import { describe, expect, it, vi } from 'vitest';
import { modelFile, para } from '../../test/fixtures/model.js';
import { extractCard } from './card.js';

// a reader of one card part that throws on an unusual file (as the composition reader once did on a real tender)
vi.mock('./rules/composition-model.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./rules/composition-model.js')>()),
  compositionFromModel: () => {
    throw new Error('unexpected table shape');
  },
}));

describe('a card part whose reader throws', () => {
  it('is left empty and named in failedParts; the facts and the other parts still stand', () => {
    const f = modelFile([para(1, '项目名称：江州市道路保洁服务项目'), para(1, '采购人：江州市城市管理局')]);
    const card = extractCard([f]);
    expect(card.projectName!.value).toBe('江州市道路保洁服务项目');
    expect(card.purchaser!.value).toBe('江州市城市管理局');
    expect(card.composition).toEqual([]);
    expect(card.failedParts).toEqual(['投标文件组成：unexpected table shape']);
  });
});
