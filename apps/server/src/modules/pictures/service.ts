/**
 * Commands of the picture library. A picture is stored once per owner: an upload (or a picked extracted picture) whose
 * bytes equal one the owner has (SHA-256), or whose dHash is within DHASH_DUPLICATE_BITS of one (a recompressed or
 * resized copy), is not stored again — the answer names the picture it matches.
 */
import * as z from 'zod';
import type { Kysely } from 'kysely';
import { PICTURE_TEXTS, type PictureSaveResult } from '@btz/shared';
import type { CallFields, pictureCalls } from '@btz/shared/calls';
import { DocumentError, sniffUpload } from '@btz/bid-engine/reading';
import { DHASH_DUPLICATE_BITS, PictureError, hammingDistance } from '@btz/bid-engine/pictures';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { queueRowJob, jobPayload } from '../../jobs/index.js';
import { newId } from '../../lib/ids.js';
import type { StagedUpload } from '../../http/upload.js';
import type { StagedFile } from '../../providers/storage/index.js';
import { presentPicture } from './present.js';
import { findBySha, findPicture, insertExtraction, insertPicture, ownerHashes, type PictureRow } from './repo.js';
import type { Owner } from '../enterprise/owner.js';

export const EXTRACT_KIND = 'extract-pictures';
/** the job's payload, version 1 (jobs/payload.ts) */
export const EXTRACT_PAYLOAD = jobPayload(1, z.strictObject({ extractionId: z.string().min(1) }));
/** An uploaded picture: at most this, or UPLOAD_MAX_BYTES when that is lower. */
export const PICTURE_MAX_BYTES = 20 * 1024 * 1024;

/** What is known of a picture before it is saved; `put` stores its bytes and thumbnail (skipped for a duplicate). */
export interface PictureCandidate {
  sha256: string;
  dhash: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  name: string;
  tags: string[];
  source: 'upload' | 'extract';
  sourceFile: string | null;
  sourcePage: number | null;
  /** stores (or records) the picture and its thumbnail in the storage ledger for the picture row `id` */
  put: (id: string) => Promise<{ key: string; thumbKey: string }>;
}

function duplicateOf(row: PictureRow, match: 'exact' | 'similar'): PictureSaveResult {
  return {
    status: 'duplicate',
    match,
    picture: presentPicture(row),
    message: match === 'exact' ? PICTURE_TEXTS.duplicateExact(row.name) : PICTURE_TEXTS.duplicateSimilar(row.name),
  };
}

/**
 * Stores a picture unless the owner has it already. `hashes`: the owner's dHashes when the caller saves several in a row
 * (read once, and the new picture's added to it); read here otherwise.
 */
export async function savePicture(
  app: AppContext,
  o: Owner,
  userId: string,
  c: PictureCandidate,
  okMessage: string,
  hashes?: { id: string; dhash: string }[],
): Promise<PictureSaveResult> {
  const exact = await findBySha(app.db, o, c.sha256);
  if (exact) return duplicateOf(exact, 'exact');
  let best: { id: string; d: number } | null = null;
  for (const h of hashes ?? (await ownerHashes(app.db, o))) {
    const d = hammingDistance(h.dhash, c.dhash);
    if (d <= DHASH_DUPLICATE_BITS && (!best || d < best.d)) best = { id: h.id, d };
  }
  if (best) {
    const row = await findPicture(app.db, o, best.id);
    if (row) return duplicateOf(row, 'similar');
  }
  const id = newId();
  const { key, thumbKey } = await c.put(id);
  const inserted = await insertPicture(app.db, {
    id,
    tenant_id: o.tenantId,
    owner_type: o.holder.type,
    owner_id: o.holder.id,
    created_by: userId,
    name: c.name,
    tags: JSON.stringify(c.tags),
    mime: c.mime,
    size: c.size,
    width: c.width,
    height: c.height,
    sha256: c.sha256,
    dhash: c.dhash,
    storage_key: key,
    thumb_key: thumbKey,
    source: c.source,
    source_file: c.sourceFile,
    source_page: c.sourcePage,
    updated_at: new Date(),
  });
  if (!inserted) {
    // the same bytes arrived twice at once: the other upload won
    await app.storage.release([id]);
    const other = await findBySha(app.db, o, c.sha256);
    if (other) return duplicateOf(other, 'exact');
  }
  const row = await findPicture(app.db, o, id);
  hashes?.push({ id, dhash: c.dhash });
  return { status: 'created', picture: presentPicture(row!), message: okMessage };
}

export function nameFrom(fileName: string, given?: string): string {
  const name = (given ?? '').trim() || fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || '图片';
  return name.slice(0, 100);
}

/**
 * An uploaded picture: the bytes the owner has already answer at once (the SHA-256 lookup comes before any decoding, so a
 * re-upload is not decoded again); any other is measured and analysed in the picture workers (app.pictures).
 */
export async function uploadPicture(
  app: AppContext,
  o: Owner,
  userId: string,
  upload: StagedUpload,
  fields: CallFields<typeof pictureCalls.upload>,
): Promise<PictureSaveResult> {
  const exact = await findBySha(app.db, o, upload.file.sha256);
  if (exact) return duplicateOf(exact, 'exact');
  // staged in memory (the route holds a picture up to its cap: it is decoded anyway); not spilled, so the bytes are here
  const data = upload.file.bytes;
  if (!data) throw new Error('picture upload staged without its bytes');
  let a;
  try {
    a = await app.pictures.analyse(data);
  } catch (e) {
    if (e instanceof PictureError) throw badRequest(e.message);
    throw e;
  }
  return savePicture(
    app,
    o,
    userId,
    {
      ...a,
      name: nameFrom(upload.filename, fields.name),
      tags: fields.tags,
      source: 'upload',
      sourceFile: null,
      sourcePage: null,
      put: async (id) => {
        const thumbnail = await app.storage.stage([a.thumbnail]);
        const [pic, thumb] = await app.storage.putStagedMany([upload.file, thumbnail], { tenantId: o.tenantId, userId, kind: 'picture', refId: id });
        return { key: pic!.key, thumbKey: thumb!.key };
      },
    },
    PICTURE_TEXTS.uploaded,
  );
}

/**
 * DOCX or PDF by content (seen through its two ends when too large to hold; a zip bomb refused from its directory);
 * anything else is refused in Chinese.
 */
function sniffExtractable(file: StagedFile): 'docx' | 'pdf' {
  try {
    const type = sniffUpload(file);
    if (type !== 'docx' && type !== 'pdf') throw badRequest(PICTURE_TEXTS.extractType);
    return type;
  } catch (e) {
    if (e instanceof DocumentError) throw badRequest(e.message);
    throw e;
  }
}

/** Stores the file, then queues its extraction (the file is kept whatever the extraction does). */
export async function startExtraction(app: AppContext, o: Owner, userId: string, upload: StagedUpload): Promise<{ id: string }> {
  const type = sniffExtractable(upload.file);
  const id = newId();
  const stored = await app.storage.putStaged(upload.file, { tenantId: o.tenantId, userId, kind: 'extraction', refId: id });
  await app.db.transaction().execute(async (trx) => {
    await insertExtraction(trx, {
      id,
      tenant_id: o.tenantId,
      owner_type: o.holder.type,
      owner_id: o.holder.id,
      user_id: userId,
      file_name: upload.filename,
      file_type: type,
      size: stored.size,
      storage_key: stored.key,
      error: null,
      items: '[]',
      job_id: null,
      updated_at: new Date(),
    });
    await queueExtraction(app, trx, { id, tenant_id: o.tenantId, user_id: userId });
  });
  app.jobs.poke();
  return { id };
}

export async function queueExtraction(
  app: AppContext,
  db: Kysely<DB>,
  row: { id: string; tenant_id: string; user_id: string },
): Promise<void> {
  await queueRowJob(app, db, { table: 'picture_extractions', kind: EXTRACT_KIND, row, payload: EXTRACT_PAYLOAD.make({ extractionId: row.id }) });
}
