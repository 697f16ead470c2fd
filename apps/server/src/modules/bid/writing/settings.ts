/**
 * Page settings of a bid's export (issue 6 item 5): body font (default 楷体, spec docData), size, heading numbering style,
 * page-number start/format/position, volumes restarting numbering, and the per-bid opt-in to invented facts. The request
 * schema is the call's (`writingCalls.pageSettingsSave` in @btz/shared/calls).
 */
import { DEFAULT_PAGE_SETTINGS, type BidOutlineNode, type PageSettings } from '@btz/shared';
import { badRequest } from '../../../http/errors.js';

export const FONTS = ['楷体', '宋体', '仿宋', '黑体', '微软雅黑', '华文楷体', '华文宋体', '方正小标宋简体'] as const;

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
