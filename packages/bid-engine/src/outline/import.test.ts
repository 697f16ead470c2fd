import { describe, expect, it } from 'vitest';
import { flattenOutline, totalTarget, writtenLeaves } from '@btz/shared';
import { heading, modelFile, para } from '../../test/fixtures/model.js';
import { goodsModelBlocks } from '../../test/fixtures/goods-tender.js';
import { extractCard } from '../tender/index.js';
import { headingsOfModel, importOutline, parseOutlineText } from './import.js';

const card = extractCard([modelFile(goodsModelBlocks())]);

describe('parseOutlineText', () => {
  it('reads decimal numbering as levels', () => {
    expect(parseOutlineText('1 项目理解\n1.1 项目背景\n1.2 需求分析\n2 技术方案\n2.1 总体设计\n2.1.1 系统架构\n3 售后服务')).toEqual([
      { level: 1, title: '项目理解' },
      { level: 2, title: '项目背景' },
      { level: 2, title: '需求分析' },
      { level: 1, title: '技术方案' },
      { level: 2, title: '总体设计' },
      { level: 3, title: '系统架构' },
      { level: 1, title: '售后服务' },
    ]);
  });

  it('reads chapter and Chinese numbering by their order, skips blank lines and page numbers', () => {
    expect(parseOutlineText('第一章 供货方案\n\n一、供货计划\n（一）生产排期 ........ 3\n二、运输方案\n第二章 售后服务\n一、服务承诺')).toEqual([
      { level: 1, title: '供货方案' },
      { level: 2, title: '供货计划' },
      { level: 3, title: '生产排期' },
      { level: 2, title: '运输方案' },
      { level: 1, title: '售后服务' },
      { level: 2, title: '服务承诺' },
    ]);
  });

  it('takes plain lines as one level', () => {
    expect(parseOutlineText('供货方案\n安装调试\n售后服务').map((h) => h.level)).toEqual([1, 1, 1]);
  });
});

describe('headingsOfModel', () => {
  it('takes a document’s headings, else its short numbered lines', () => {
    expect(headingsOfModel({ blocks: [heading(1, '技术部分', 1), heading(1, '供货方案', 2), para(1, '正文很长。')], furniture: [], pageCount: 1 })).toEqual([
      { level: 1, title: '技术部分' },
      { level: 2, title: '供货方案' },
    ]);
    expect(headingsOfModel({ blocks: [para(1, '1 供货方案'), para(1, '1.1 供货计划'), para(1, '2 售后服务')], furniture: [], pageCount: 1 }).map((h) => h.level)).toEqual([1, 2, 1]);
  });
});

describe('importOutline', () => {
  const text = '1 技术部分\n1.1 技术参数响应\n1.2 供货与安装方案\n1.3 技术偏离表\n2 商务部分\n2.1 企业概况';
  const out = importOutline(card, parseOutlineText(text), { bidType: 1, totalChars: 20_000 });
  const all = flattenOutline(out.nodes);
  const byTitle = (t: string) => all.find((n) => n.title === t)!;

  it('keeps the user’s sections, in order, with kinds and modes from their titles', () => {
    expect(all.map((n) => `${n.number} ${n.title}`)).toEqual(['1 技术部分', '1.1 技术参数响应', '1.2 供货与安装方案', '1.3 技术偏离表', '2 商务部分', '2.1 企业概况']);
    expect(byTitle('技术参数响应').kind).toBe('技术');
    expect(byTitle('技术偏离表').mode).toBe('table');
    expect(byTitle('企业概况').kind).toBe('商务');
  });

  it('maps the scoring rows onto the sections that name them and gives back the rest', () => {
    const id = (item: string) => card.scoring.find((s) => s.item === item)!.id;
    expect(byTitle('技术参数响应').scoringIds).toEqual([id('技术参数响应')]);
    expect(byTitle('供货与安装方案').scoringIds).toEqual([id('供货与安装方案')]);
    expect(out.unmapped.map((s) => s.item).sort()).toEqual(['售后服务', '类似业绩']);
    expect(out.coverage.find((c) => c.item === '售后服务')!.nodeIds).toEqual([]);
  });

  it('shares the whole bid’s target over the written sections by the points they answer', () => {
    expect(Math.abs(totalTarget(out.nodes) - 20_000)).toBeLessThan(10);
    const leaves = writtenLeaves(out.nodes);
    expect(leaves.map((n) => n.title)).toEqual(['技术参数响应', '供货与安装方案', '企业概况']);
    expect(byTitle('技术参数响应').targetChars!).toBeGreaterThan(byTitle('供货与安装方案').targetChars!);
  });
});
