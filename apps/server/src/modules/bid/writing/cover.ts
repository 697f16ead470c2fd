/**
 * The tender's cover form for the export (issue 13 item 4): the composition's 封面 part links its form (heading and page)
 * in the format chapter; its page text (and the next page's) is read from the stored pages of the file the part was found
 * in. Without such a part, the main file's pages are searched for a cover form's heading. Null when the tender has none:
 * the exporter prints its standard cover from the card.
 */
import type { Kysely } from 'kysely';
import type { TenderCard } from '@btz/shared';
import { COVER_PART, findCoverForm } from '@btz/bid-engine/export';
import type { DB } from '../../../db/schema.js';
import { filePages, listFiles } from '../repo.js';

export async function tenderCoverForm(db: Kysely<DB>, bidId: string, card: TenderCard | null): Promise<{ title: string; text: string } | null> {
  const files = await listFiles(db, bidId);
  if (!files.length) return null;
  const part = card?.composition?.find((p) => COVER_PART.test(p.title) || COVER_PART.test(p.form?.title ?? ''));
  const hint = part?.form ? { title: part.form.title, page: part.form.page } : null;
  const file = (part && files.find((f) => f.name === part.source.file)) || files.find((f) => f.role === 'main') || files[0]!;
  const pages = await filePages(db, file.id);
  return findCoverForm(pages, hint);
}
