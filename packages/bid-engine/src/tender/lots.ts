/**
 * Lots (标段 / 包): detection of 第一标段, 一标段, 标段一, 第1包, 包1, 采购包2, 包A…, the lots list, and the lot scope of
 * every line (a lot's section runs from its heading to the next lot heading or the next chapter).
 */
import type { TenderLot } from '@btz/shared';
import { markerOf, parseCnInt, type FileLines, type Line } from './text.js';

const N = '一二三四五六七八九十\\d';
/** One lot mention; group 1..4 hold its number. */
export const LOT_RE = new RegExp(
  `第\\s*([${N}]{1,3})\\s*(?:标段|合同包|采购包|分包|包|标包)|(?<![第${N}])([${N}]{1,3})\\s*标段|(?:标段|标包|采购包|合同包|分标|包)\\s*([${N}]{1,3}|[A-H])(?![\\d.％%个件台套项年月日天])`,
  'g',
);

export interface LotMention {
  id: string;
  index: number;
  length: number;
  text: string;
}

export function lotId(raw: string): string {
  if (/^[A-H]$/.test(raw)) return raw;
  const n = parseCnInt(raw);
  return Number.isFinite(n) && n > 0 ? String(n) : raw;
}

export function lotMentions(s: string): LotMention[] {
  const out: LotMention[] = [];
  const re = new RegExp(LOT_RE.source, 'g');
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const raw = m[1] ?? m[2] ?? m[3];
    if (!raw) continue;
    // 「包括」「包装」 never match (no number follows); 「分包」 alone is subcontracting
    out.push({ id: lotId(raw), index: m.index, length: m[0].length, text: m[0] });
  }
  return out;
}

/** The lot a line opens: it starts (after its numbering) with a lot mention. */
function leadingLot(text: string): { mention: LotMention; rest: string; prefixRank: number | null } | null {
  const mk = markerOf(text);
  const body = mk && mk.style !== 'chapter' && mk.style !== 'section' ? text.slice(mk.length) : text;
  const first = lotMentions(body)[0];
  if (!first || first.index !== 0) return null;
  const rest = body.slice(first.length).replace(/^[\s：:、，,.．为是]+/, '').trim();
  return { mention: first, rest, prefixRank: mk && body !== text ? mk.rank : null };
}

/** A lot heading: its line is short and says what the lot is, not a fact of it (「第一标段：办公家具采购」). */
function isLotHeading(rest: string): boolean {
  return rest.length <= 30 && !/[：:]/.test(rest) && !/\d{3,}|万元|元|[。；;]/.test(rest);
}

/**
 * Assigns the lot scope of each line in place and returns the lots this file mentions. A line that itself starts with a
 * lot mention belongs to that lot; a lot heading opens a section that ends at the next lot heading, at a chapter or
 * 第X节 heading, or — when the heading is numbered (「一、第一标段」) — at the next heading of the same rank.
 */
export function scopeLots(fl: FileLines): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const addName = (id: string, name: string) => {
    const list = names.get(id) ?? [];
    if (!list.includes(name)) list.push(name);
    names.set(id, list);
  };
  let current: { id: string; rank: number } | null = null;
  for (const line of fl.lines) {
    const mk = markerOf(line.text);
    const lead = leadingLot(line.text);
    // A line that opens a lot
    if (lead) {
      const heading = isLotHeading(lead.rest);
      line.lot = lead.mention.id;
      addName(lead.mention.id, heading && lead.rest ? `${lead.mention.text} ${lead.rest}` : lead.mention.text);
      if (heading) current = { id: lead.mention.id, rank: lead.prefixRank ?? 1 };
      continue;
    }
    if (current && mk && mk.rank <= current.rank) current = null;
    line.lot = current?.id ?? null;
    // Lots named in a sentence: 「本项目分为两个标段：第一标段为办公家具采购；第二标段为电子设备采购。」
    const ms = lotMentions(line.text);
    ms.forEach((m, k) => {
      const next = ms[k + 1]?.index ?? line.text.length;
      const rest = line.text
        .slice(m.index + m.length, next)
        .replace(/^[\s：:、，,.．为是]+/, '')
        .replace(/[\s；;。，,、]+$/, '')
        .trim();
      addName(m.id, rest && isLotHeading(rest) && rest.length <= 20 ? `${m.text} ${rest}` : m.text);
    });
  }
  return names;
}

/** The best name of each lot: the first that says more than the lot number. */
export function lotList(names: Map<string, string[]>): TenderLot[] {
  const lots: TenderLot[] = [];
  for (const [id, list] of names) lots.push({ id, name: list.find((n) => /\s/.test(n)) ?? list[0] ?? id });
  lots.sort((a, b) => (Number(a.id) || a.id.charCodeAt(0)) - (Number(b.id) || b.id.charCodeAt(0)));
  return lots.length >= 2 ? lots : [];
}

/** Resolves a user's lot choice ('2', '第二标段', '包2', the lot's name) to a lot id. */
export function resolveLot(choice: string | undefined, lots: TenderLot[]): string | null {
  if (!choice) return null;
  const c = choice.trim();
  const direct = lots.find((l) => l.id === c || l.name === c);
  if (direct) return direct.id;
  const m = lotMentions(c)[0];
  if (m) return m.id;
  const byName = lots.find((l) => l.name.includes(c));
  return byName?.id ?? lotId(c);
}

/**
 * The part of a value that belongs to a lot when one line gives several (「预算金额：第一标段200万元，第二标段150万元」):
 * the selected lot's segment, or the first segment. Offsets are relative to `s`.
 */
export function lotSegment(s: string, lot: string | null): { text: string; offset: number; lot: string | null } {
  const ms = lotMentions(s);
  if (ms.length === 0) return { text: s, offset: 0, lot: null };
  const pick = (lot ? ms.find((m) => m.id === lot) : undefined) ?? ms[0]!;
  const k = ms.indexOf(pick);
  const end = ms[k + 1]?.index ?? s.length;
  return { text: s.slice(pick.index, end), offset: pick.index, lot: pick.id };
}

export type { Line };
