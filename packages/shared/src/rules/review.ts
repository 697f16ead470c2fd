import { CARD_FACT_KEYS, CARD_LABELS, COMPOSITION_BASIS_NOTES, type CardFact, type TenderCard } from '../bid.js';
import { unknownScoring } from './scoring.js';

/** One thing of the card a person should check, in words a user understands, and the card part it concerns. */
export interface CardReviewItem {
  part: 'file' | 'scoring' | 'composition' | 'fact' | 'lots' | 'reading';
  text: string;
}

/**
 * What the reader was unsure of (issue 23 item 3), one list for the card panel and the analysis report: a part it could
 * not read, a scoring table that does not add up or was not found, a composition from a weak source, facts that conflict
 * or come from a weak place, lots not chosen, a file read as text only. Empty when nothing needs a person's check.
 */
export function cardReview(card: TenderCard): CardReviewItem[] {
  const out: CardReviewItem[] = [];
  for (const n of card.notices ?? []) out.push({ part: 'file', text: n });
  for (const p of card.failedParts ?? []) {
    const part = p.split('：')[0] ?? p;
    out.push({ part: 'reading', text: `「${part}」部分的结构较特殊，未能自动读取，请对照招标文件核对该部分` });
  }
  const scoring = unknownScoring(card);
  if (scoring) out.push({ part: 'scoring', text: scoring.reason });
  if (!card.composition.length)
    out.push({ part: 'composition', text: '未识别到「投标文件组成」，目录按常见结构生成，请对照招标文件的格式章节核对目录' });
  else {
    const basis = card.composition.find((c) => c.basis)?.basis;
    const note = basis ? COMPOSITION_BASIS_NOTES[basis] : null;
    if (note) out.push({ part: 'composition', text: note });
  }
  for (const k of CARD_FACT_KEYS) {
    const f = card[k] as CardFact<unknown> | null;
    if (!f) continue;
    const flags = f.flags ?? [];
    const label = CARD_LABELS[k];
    if (f.doubt) out.push({ part: 'fact', text: `${label}：${f.doubt}` });
    else if (flags.includes('conflict') || (f.conflicts ?? []).length) out.push({ part: 'fact', text: `${label}：招标文件中有不同的表述，请核对` });
    else if (!f.verified || flags.includes('unverified')) out.push({ part: 'fact', text: `${label}：未能在原文中核实，请点击页码核对` });
  }
  if (card.lots.length > 1 && !card.lot) out.push({ part: 'lots', text: `招标文件分为 ${card.lots.length} 个包（标段），请确认本次投标的包` });
  return out;
}
