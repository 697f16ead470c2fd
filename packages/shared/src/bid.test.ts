import { describe, expect, it } from 'vitest';
import { isPrintedPart } from './bid.js';

describe('isPrintedPart: the cover and TOC parts the export prints (not written as text)', () => {
  it('knows the cover and TOC parts tenders name', () => {
    for (const t of ['投标文件封面', '封面', '封面（格式）', '投标文件封皮', '目录', '目 录', '编制目录', '投标文件目录', '目录页']) {
      expect(isPrintedPart(t), t).toBe(true);
    }
  });
  it('leaves chapters that only mention a cover or a directory', () => {
    for (const t of ['投标函', '技术方案', '资格审查资料（含营业执照副本封面复印件）', '设备清单目录及说明', '服务目录与响应', '', null]) {
      expect(isPrintedPart(t), String(t)).toBe(false);
    }
  });
});
