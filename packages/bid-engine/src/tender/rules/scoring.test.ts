import { describe, expect, it } from 'vitest';
import { extractCard } from '../card.js';

describe('scoring table with a trailing category column', () => {
  it('takes the category from the table, not from keywords, and keeps it out of the criteria', () => {
    const text = [
      '第三章 评标办法',
      '评分标准',
      '评分项\t分值\t评分标准\t类别',
      '技术方案\t30\t方案完整、架构合理\t技术',
      '售后服务\t10\t响应及时，运维承诺明确\t商务',
      '投标报价\t35\t最低有效报价为基准价\t价格',
    ].join('\n');
    const card = extractCard([{ name: '招标文件.docx', role: 'main', order: 0, pages: [{ page: 1, text }], chapters: [] }]);
    const byItem = Object.fromEntries(card.scoring.map((s) => [s.item, s]));
    // 「售后服务」 reads as technical by keywords; the table says 商务
    expect(byItem['售后服务']).toMatchObject({ category: 'commercial', points: 10, criteria: '响应及时，运维承诺明确' });
    expect(byItem['技术方案']).toMatchObject({ category: 'technical', criteria: '方案完整、架构合理' });
    expect(byItem['投标报价']?.category).toBe('price');
  });
});
