/**
 * Page settings of a bid's export (issue 6 item 5): body font (default 楷体, spec docData), size, heading numbering style,
 * page-number start/format/position, volumes restarting numbering, and the per-bid opt-in to invented facts.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SETTINGS, type BidOutlineNode, type PageSettings } from '@btz/shared';
import { badRequest } from '../../../http/errors.js';

export const FONTS = ['楷体', '宋体', '仿宋', '黑体', '微软雅黑', '华文楷体', '华文宋体', '方正小标宋简体'] as const;

export const pageSettingsSchema = z.object({
  font: z.string().trim().min(1).max(30),
  fontSize: z.number().min(8).max(28),
  headingStyle: z.enum(['chapter', 'numeric']),
  pageNumber: z.object({
    start: z.number().int().min(0).max(9999),
    format: z.enum(['plain', 'dash', 'page', 'pageOfTotal']),
    position: z.enum(['center', 'right', 'left']),
  }),
  volumes: z
    .array(z.object({ title: z.string().trim().min(1).max(30), nodeIds: z.array(z.string().min(1).max(100)).max(500) }))
    .max(5),
  inventFacts: z.boolean(),
});

export const PAGE_SETTINGS_LABELS = {
  font: '正文字体',
  fontSize: '字号',
  headingStyle: '标题编号',
  pageNumber: '页码',
  start: '起始页码',
  format: '页码格式',
  position: '页码位置',
  volumes: '分卷',
  title: '分卷名称',
  nodeIds: '分卷章节',
  inventFacts: '允许 AI 拟定未提供的企业信息',
};

/** Stored settings over the defaults. */
export function settingsOf(stored: Partial<PageSettings> | null | undefined, inventFacts: boolean): PageSettings {
  const s = stored ?? {};
  return {
    ...DEFAULT_PAGE_SETTINGS,
    ...s,
    pageNumber: { ...DEFAULT_PAGE_SETTINGS.pageNumber, ...(s.pageNumber ?? {}) },
    volumes: s.volumes ?? [],
    inventFacts,
  };
}

/** Volumes may only name level-1 chapters of the outline, each at most once. */
export function checkVolumes(settings: PageSettings, outline: readonly BidOutlineNode[] | null): void {
  const top = new Set((outline ?? []).map((n) => n.id));
  const seen = new Set<string>();
  for (const v of settings.volumes) {
    for (const id of v.nodeIds) {
      if (!top.has(id)) throw badRequest(`分卷「${v.title}」包含的章节不存在或不是一级章节`);
      if (seen.has(id)) throw badRequest('同一章节不能分到两个分卷');
      seen.add(id);
    }
  }
}
