import type { BidCheckFinding } from '@btz/shared';
import { shortNames, type BidderIdentity, type TextUnit } from './anonymity.js';

/**
 * 暗标 of a bid written here (issue 15): its sections' editor documents as text units for checkAnonymity (one per
 * section, no page: the section stands for it), the marks the check looks at (highlight = coloured background, pictures),
 * and 一键修复: a section's document with the bidder's name, people, phones, e-mails, addresses and numbers replaced or
 * taken out and its highlights dropped. The server saves the result through the section save path (a new revision).
 */

export interface EditorNode {
  type: string;
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
}

function textOf(n: EditorNode): string {
  if (n.type === 'text') return n.text ?? '';
  if (n.type === 'hardBreak') return '\n';
  const inner = (n.content ?? []).map(textOf).join('');
  return /^(paragraph|heading|tableRow|listItem)$/.test(n.type) ? `${inner}\n` : inner;
}

function walk(n: EditorNode, fn: (n: EditorNode) => void): void {
  fn(n);
  for (const c of n.content ?? []) walk(c, fn);
}

/** The text units of the sections, and the findings of their marks (highlights, pictures). */
export function writtenUnits(
  sections: { nodeId: string; title: string; doc: EditorNode }[],
): { units: TextUnit[]; marks: Omit<BidCheckFinding, 'id'>[] } {
  const units: TextUnit[] = [];
  const marks: Omit<BidCheckFinding, 'id'>[] = [];
  for (const s of sections) {
    units.push({ page: null, nodeId: s.nodeId, section: s.title, text: textOf(s.doc) });
    let highlighted = '';
    let images = 0;
    walk(s.doc, (n) => {
      if (n.type === 'text' && n.marks?.some((m) => m.type === 'highlight')) highlighted += n.text ?? '';
      if (n.type === 'image') images++;
    });
    if (highlighted)
      marks.push({
        rule: 'colour',
        severity: 'high',
        page: null,
        nodeId: s.nodeId,
        section: s.title,
        excerpt: highlighted.slice(0, 40),
        message: `章节「${s.title}」有 ${highlighted.length} 字设置了突出显示（底色），暗标正文不得使用颜色标记`,
        fix: '取消突出显示',
        fixable: true,
      });
    if (images)
      marks.push({
        rule: 'image',
        severity: 'low',
        page: null,
        nodeId: s.nodeId,
        section: s.title,
        message: `章节「${s.title}」有 ${images} 张图片，请确认其中没有投标人标志、人员照片、水印等可识别信息`,
        fix: '删除或替换含标志、照片、水印的图片',
        fixable: false,
      });
  }
  return { units, marks };
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PHONE_RE = /(?<![\d-])(?:1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})(?![\d-])/g;
const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
const URL_RE = /(?:https?:\/\/|www\.)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * The replacements of 一键修复, in order: the bidder's names → 我方 (「我公司」 before a name stays 「我公司」), people → their
 * role when known (项目经理) else 相关人员, phones, e-mails, web addresses, the address and numbers → removed.
 */
export function anonymityReplacements(bidder: BidderIdentity & { roles?: Record<string, string> }): [RegExp, (m: string) => string][] {
  const out: [RegExp, (m: string) => string][] = [];
  const names = bidder.name ? shortNames(bidder.name) : [];
  if (names.length) out.push([new RegExp(`(?:我公司|我方|本公司)?(?:${names.map(esc).join('|')})`, 'g'), (m) => (/^(我公司|我方|本公司)/.exec(m)?.[1] ?? '我方')]);
  const people = [...new Set([bidder.legalRep, ...bidder.people].filter((p): p is string => !!p && /^[\u4e00-\u9fa5·]{2,6}$/.test(p.trim())).map((p) => p.trim()))];
  if (people.length) out.push([new RegExp(people.sort((a, b) => b.length - a.length).map(esc).join('|'), 'g'), (m) => bidder.roles?.[m] || '相关人员']);
  out.push([PHONE_RE, () => ''], [EMAIL_RE, () => ''], [URL_RE, () => '']);
  if (bidder.address && bidder.address.trim().length >= 6) out.push([new RegExp(esc(bidder.address.trim()), 'g'), () => '']);
  const numbers = [bidder.creditCode, ...bidder.numbers].filter((n): n is string => !!n && n.trim().length >= 6);
  if (numbers.length) out.push([new RegExp(numbers.map((n) => esc(n.trim())).join('|'), 'g'), () => '']);
  return out;
}

/** A section's document with the identifying text replaced and highlights dropped; null when nothing changed. */
export function fixWrittenSection(
  doc: EditorNode,
  bidder: BidderIdentity & { roles?: Record<string, string> },
): { doc: EditorNode; replacements: number; colours: number } | null {
  const rules = anonymityReplacements(bidder);
  let replacements = 0;
  let colours = 0;
  const fix = (n: EditorNode): EditorNode | null => {
    if (n.type === 'text') {
      let text = n.text ?? '';
      for (const [re, to] of rules)
        text = text.replace(re, (m) => {
          replacements++;
          return to(m);
        });
      let marks = n.marks;
      if (marks?.some((m) => m.type === 'highlight')) {
        colours++;
        marks = marks.filter((m) => m.type !== 'highlight');
      }
      if (!text) return null; // ProseMirror has no empty text nodes
      const next: EditorNode = { ...n, text };
      if (marks && marks.length) next.marks = marks;
      else delete next.marks;
      return next;
    }
    if (!n.content) return n;
    return { ...n, content: n.content.map(fix).filter((c): c is EditorNode => c !== null) };
  };
  const next = fix(doc)!;
  return replacements || colours ? { doc: next, replacements, colours } : null;
}

/**
 * The sections the 暗标 applies to: those under an outline node of kind 技术 (the technical bid; the forms of the
 * commercial part — 投标函, 授权书 — must name the bidder). When the outline marks no technical part, every section.
 */
export function anonymousScope(outline: readonly { id: string; kind?: string; children?: readonly unknown[] }[]): { ids: Set<string> | null } {
  type N = { id: string; kind?: string; children?: readonly unknown[] };
  const ids = new Set<string>();
  let any = false;
  const walk = (ns: readonly N[], inTech: boolean) => {
    for (const n of ns) {
      const tech = inTech || n.kind === '技术';
      if (tech) {
        any = true;
        ids.add(n.id);
      }
      walk((n.children ?? []) as N[], tech);
    }
  };
  walk(outline, false);
  return { ids: any ? ids : null };
}
