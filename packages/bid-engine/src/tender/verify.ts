/**
 * Source verification shared by the offline writer and the LLM path: an excerpt counts only when it is found verbatim
 * (whitespace-insensitive) on the page it cites. An entry that fails is flagged 'unverified' and must not be shown as fact.
 */
import { CARD_FACT_KEYS, CARD_LIST_KEYS, type CardEntry, type CardFlag, type FactVersion, type TenderCard } from '@btz/shared';
import type { TenderPage } from './types.js';

const squash = (s: string) => s.replace(/[\s\u3000\u00a0\u200b\ufeff]+/g, '');

/** Whether `excerpt` appears on page `page` of `pages`, ignoring whitespace. An empty excerpt is never verified. */
export function verifyExcerpt(pages: readonly TenderPage[], page: number, excerpt: string): boolean {
  const needle = squash(excerpt ?? '');
  if (!needle) return false;
  const p = pages.find((x) => x.page === page);
  if (!p) return false;
  return squash(p.text).includes(needle);
}

function setFlag(entry: { flags?: CardFlag[] }, flag: CardFlag, on: boolean): void {
  const flags = new Set(entry.flags ?? []);
  if (on) flags.add(flag);
  else flags.delete(flag);
  if (flags.size) entry.flags = [...flags];
  else delete entry.flags;
}

/** Sets `verified` (and the 'unverified' flag) of one entry against the files' pages. */
export function verifyEntry(entry: CardEntry, files: ReadonlyMap<string, readonly TenderPage[]>): boolean {
  const ok = verifyVersion(entry, files);
  setFlag(entry, 'unverified', !ok);
  return ok;
}

/** Sets `verified` of an earlier or competing value (no flags on those). */
function verifyVersion(v: { source: CardEntry['source']; verified: boolean }, files: ReadonlyMap<string, readonly TenderPage[]>): boolean {
  const pages = files.get(v.source.file);
  v.verified = !!pages && verifyExcerpt(pages, v.source.page, v.source.excerpt);
  return v.verified;
}

/**
 * Re-verifies every entry of a card (facts, their overridden/conflicting versions, list items) in place and returns the
 * number of unverified entries. Used on the LLM's card before it is stored.
 */
export function verifyCard(card: TenderCard, files: Iterable<{ name: string; pages: readonly TenderPage[] }>): number {
  const byName = new Map<string, readonly TenderPage[]>();
  for (const f of files) byName.set(f.name, f.pages);
  let bad = 0;
  for (const key of CARD_FACT_KEYS) {
    const fact = card[key];
    if (!fact) continue;
    if (!verifyEntry(fact, byName)) bad++;
    for (const v of [...(fact.overridden ?? []), ...(fact.conflicts ?? [])] as FactVersion<unknown>[]) verifyVersion(v, byName);
  }
  for (const key of CARD_LIST_KEYS) for (const entry of card[key]) if (!verifyEntry(entry, byName)) bad++;
  return bad;
}
