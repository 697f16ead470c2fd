import type { BidOutlineNode, TenderCard } from '@btz/shared';

/**
 * The words a section is looked up by in the repository: its title (twice — it names the subject), the titles above
 * it, the scoring rows it answers (item and criteria) and the tender's requirement items that speak of its title.
 */
export function sectionQuery(card: TenderCard | null, node: Pick<BidOutlineNode, 'title' | 'scoringIds'>, parentTitles: string[] = []): string {
  const parts = [node.title, node.title, ...parentTitles.slice(-1)];
  const rows = (card?.scoring ?? []).filter((r) => node.scoringIds.includes(r.id));
  for (const r of rows) parts.push(r.item, r.item, r.criteria);
  const title = node.title.replace(/^[\s\d.、（）()一二三四五六七八九十第章节]+/, '').trim();
  if (title.length >= 2) {
    const reqs = (card?.requirements ?? []).filter((q) => q.section.includes(title) || q.text.includes(title)).slice(0, 5);
    for (const q of reqs) parts.push(q.text);
  }
  return parts.join('\n');
}
