/**
 * Commands of the repository of past bids: an upload is sniffed (DOCX or PDF by content, a zip bomb refused from its
 * directory), stored, then read by the job `read-repository`; the file stays whatever the reading does (retry reads it
 * again). Search and suggestions segment the query with the engine's segmenter, like the passages were.
 */
import * as z from 'zod';
import type { Kysely } from 'kysely';
import { REPOSITORY_TEXTS, type BidOutlineNode, type RepositoryFile, type RepositorySearchResult, type RepositorySuggestion, type TenderCard } from '@btz/shared';
import { DocumentError, sniffUpload } from '@btz/bid-engine/reading';
import { passagesToReuse, queryTerms, rerankPassages, sectionProfile, sectionQuery, tsqueryLiteral, type SectionProfile } from '@btz/bid-engine/repository';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { queueRowJob, jobPayload } from '../../jobs/index.js';
import { newId } from '../../lib/ids.js';
import type { StagedUpload } from '../../http/upload.js';
import type { StagedFile } from '../../providers/storage/index.js';
import { ownerOf, type Owner } from '../enterprise/owner.js';
import { findFile, insertFile, passagesById, picksOf, searchByHeading, searchPassages } from './repo.js';
import { presentFile } from './present.js';

export const READ_KIND = 'read-repository';
/** the job's payload, version 1 (jobs/payload.ts) */
export const READ_PAYLOAD = jobPayload(1, z.strictObject({ fileId: z.string().min(1) }));
export const SUGGEST_COUNT = 5;

/** DOCX or PDF by content (seen through its two ends when too large to hold), a zip bomb refused from its directory. */
function sniffPastBid(file: StagedFile): 'docx' | 'pdf' {
  try {
    const type = sniffUpload(file);
    if (type !== 'docx' && type !== 'pdf') throw badRequest(REPOSITORY_TEXTS.type);
    return type;
  } catch (e) {
    if (e instanceof DocumentError) throw badRequest(e.message);
    throw e;
  }
}

export async function uploadPastBid(app: AppContext, o: Owner, userId: string, upload: StagedUpload): Promise<RepositoryFile> {
  const type = sniffPastBid(upload.file);
  const id = newId();
  const stored = await app.storage.putStaged(upload.file, { tenantId: o.tenantId, userId, kind: 'repository', refId: id });
  await app.db.transaction().execute(async (trx) => {
    await insertFile(trx, {
      id,
      tenant_id: o.tenantId,
      owner_type: o.holder.type,
      owner_id: o.holder.id,
      user_id: userId,
      file_name: upload.filename.slice(0, 200),
      file_type: type,
      size: stored.size,
      storage_key: stored.key,
      error: null,
      job_id: null,
      updated_at: new Date(),
    });
    await queueReading(app, trx, { id, tenant_id: o.tenantId, user_id: userId });
  });
  app.jobs.poke();
  return presentFile((await findFile(app.db, o, id))!);
}

export async function queueReading(app: AppContext, db: Kysely<DB>, row: { id: string; tenant_id: string; user_id: string }): Promise<void> {
  await queueRowJob(app, db, { table: 'repository_files', kind: READ_KIND, row, payload: READ_PAYLOAD.make({ fileId: row.id }), progress: false });
}

export async function searchRepository(app: AppContext, o: Owner, keyword: string, size: number): Promise<RepositorySearchResult> {
  const terms = queryTerms(keyword, 20, { singles: true });
  return { terms, records: await searchPassages(app.db, o, tsqueryLiteral(terms, '&'), size) };
}

/** What the repository needs of a bid: whose it is and its card (the section's query). */
export interface SectionBid {
  id: string;
  tenant_id: string;
  user_id: string;
  card: TenderCard | null;
}

/** The section's pinned passages first, then the best matches of its query (title, scoring rows, requirements), 5 in all. */
export async function suggestForSection(app: AppContext, o: Owner, bid: SectionBid, node: BidOutlineNode, parentTitles: string[]): Promise<RepositorySuggestion> {
  const picks = await picksOf(app.db, bid.id, node.id);
  const pinnedIds = picks.filter((p) => p.pick === 'pin').map((p) => p.passage_id);
  const excluded = picks.filter((p) => p.pick === 'exclude').map((p) => p.passage_id);
  const terms = queryTerms(sectionQuery(bid.card, node, parentTitles), 30);
  const pinned = await passagesById(app.db, o, pinnedIds);
  const found = await suggestPassages(app.db, o, terms, SUGGEST_COUNT - pinned.length, [...pinnedIds, ...excluded], sectionProfile(bid.card, node, parentTitles));
  return { terms, records: [...pinned, ...found], pinned: pinned.map((p) => p.id), excluded: excluded.length };
}

/** How many candidates the database hands the engine's re-ranking. */
export const SUGGEST_POOL = 40;

/**
 * The best `n` passages for a section's terms: a pool of candidates — first those whose heading holds one of the terms
 * (a past section on the same subject; few, so ranking them is quick), then, when fewer than the pool, those whose text
 * does — re-ranked by the engine against the section's title, scoring rows and project (rerankPassages; without a
 * profile the database's order).
 */
export async function suggestPassages(db: Kysely<DB>, o: Owner, terms: string[], n: number, exclude: string[] = [], profile?: SectionProfile) {
  if (n <= 0 || !terms.length) return [];
  const size = profile ? Math.max(n, SUGGEST_POOL) : n;
  const first = await searchByHeading(db, o, tsqueryLiteral(terms, '|'), size, exclude);
  const pool = first.length >= size ? first : [...first, ...(await searchPassages(db, o, tsqueryLiteral(terms, '|'), size - first.length, [...exclude, ...first.map((p) => p.id)]))];
  return profile ? rerankPassages(profile, pool, n) : pool.slice(0, n);
}

/**
 * The passages a section's model prompt gets as reference material: what its 参考段落 panel shows (pinned first, excluded
 * left out), for the bid's owner. Empty when the repository has none.
 */
export async function referencesForSection(app: AppContext, bid: SectionBid, node: BidOutlineNode, parentTitles: string[]) {
  const o = await ownerOf(app.db, { tenantId: bid.tenant_id, userId: bid.user_id });
  const s = await suggestForSection(app, o, bid, node, parentTitles);
  return s.records.map((p) => ({ heading: p.heading, fileName: p.fileName, page: p.page, text: p.text }));
}

/**
 * The passages the offline writer reuses for a section (no model to write from references): the pinned ones, or the
 * best suggestion whose heading is on the section's subject (engine passagesToReuse). Empty when there is none.
 */
export async function reuseForSection(app: AppContext, bid: SectionBid, node: BidOutlineNode, parentTitles: string[]) {
  const o = await ownerOf(app.db, { tenantId: bid.tenant_id, userId: bid.user_id });
  const s = await suggestForSection(app, o, bid, node, parentTitles);
  return passagesToReuse(sectionProfile(bid.card, node, parentTitles), s.records, s.pinned).map((p) => ({ heading: p.heading, fileName: p.fileName, page: p.page, text: p.text }));
}
