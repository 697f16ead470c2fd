/**
 * Images are stored as files, never inside a section's JSON (issue 14): a `data:image/…;base64` image in a section is
 * stored in the picture library of the bid's owner (the bid's user, or its enterprise in the enterprise role — where the
 * export reads pictures from) and the node then refers to it by URL (`/api/btz/picture/file?id=…`).
 *
 * - `moveDataImages`: a document before it is saved (a save from an editor that still sends a pasted image inline).
 * - `moveStoredDataImages`: every stored section that still holds one (sections saved before), at start; idempotent — a
 *   section without data URLs is not touched, the same bytes are stored once per owner (SHA-256), and a section changed
 *   meanwhile (its revision moved) is left for the next run.
 *
 * Pictures are decoded in the picture workers (app.pictures), never on the server's thread, and only after their bytes
 * were looked up (a picture the owner has is not decoded again). A data URL that is not a picture we take refuses the
 * save with the reason in Chinese (issue 22: it used to be dropped in silence); in sections stored before, it is dropped.
 */
import { createHash } from 'node:crypto';
import type { EditorJson } from '@btz/shared';
import { PictureError } from '@btz/bid-engine/pictures';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { findBySha, insertPicture, replaceSectionDoc, sectionsWithDataImages } from './repo.js';
import { ownerOf, type Owner } from '../enterprise/owner.js';

/** The name and tag of pictures that came out of a section (the library lists them under this tag). */
export const SECTION_PICTURE_TAG = '正文图片';
const DATA_URL = /^data:image\/[a-z+.-]+;base64,/i;

interface Node {
  type?: string;
  attrs?: Record<string, unknown>;
  content?: Node[];
}

function hasDataImage(n: Node): boolean {
  if (n.type === 'image' && typeof n.attrs?.src === 'string' && DATA_URL.test(n.attrs.src)) return true;
  return (n.content ?? []).some(hasDataImage);
}

/**
 * The picture id of an image's bytes in the owner's library: the one with the same bytes (looked up before anything is
 * decoded), or a new one analysed in the picture workers. Throws PictureError for what is not a picture we take.
 */
async function pictureOf(app: AppContext, o: Owner, userId: string, data: Buffer, name: string): Promise<string | null> {
  const same = await findBySha(app.db, o, createHash('sha256').update(data).digest('hex'));
  if (same) return same.id;
  const a = await app.pictures.analyse(data);
  const id = newId();
  const [pic, thumb] = await app.storage.putMany([data, a.thumbnail], { tenantId: o.tenantId, userId, kind: 'picture', refId: id });
  const [key, thumbKey] = [pic!.key, thumb!.key];
  const inserted = await insertPicture(app.db, {
    id,
    tenant_id: o.tenantId,
    owner_type: o.holder.type,
    owner_id: o.holder.id,
    created_by: userId,
    name: name.slice(0, 100) || SECTION_PICTURE_TAG,
    tags: JSON.stringify([SECTION_PICTURE_TAG]),
    mime: a.mime,
    size: a.size,
    width: a.width,
    height: a.height,
    sha256: a.sha256,
    dhash: a.dhash,
    storage_key: key,
    thumb_key: thumbKey,
    source: 'upload',
    source_file: null,
    source_page: null,
    updated_at: new Date(),
  });
  // the same bytes arrived twice at once: the other save holds them
  if (!inserted) await app.storage.release([id]);
  return (await findBySha(app.db, o, a.sha256))?.id ?? null;
}

/** The refusal of a save whose pasted image is not a picture we take (the client keeps its text and can save again). */
export const inlineRefused = (why: string) => `正文中的图片无法保存：${why}`;

/**
 * The document with its data-URL images stored in `o`'s library and referred to by URL; `moved`: how many. An image that
 * is not a picture we take refuses the save in Chinese (`refused: 'throw'`, a save) or is dropped (`'drop'`, sections
 * stored before, moved at start).
 */
export async function moveDataImages(
  app: AppContext,
  o: Owner,
  userId: string,
  doc: EditorJson,
  refused: 'throw' | 'drop' = 'throw',
): Promise<{ doc: EditorJson; moved: number }> {
  if (!hasDataImage(doc as Node)) return { doc, moved: 0 };
  let moved = 0;
  const byUrl = new Map<string, string | null>();
  const walk = async (n: Node): Promise<Node | null> => {
    if (n.type === 'image' && typeof n.attrs?.src === 'string' && DATA_URL.test(n.attrs.src)) {
      const src = n.attrs.src;
      if (!byUrl.has(src)) {
        const data = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
        const alt = typeof n.attrs.alt === 'string' ? n.attrs.alt.replace(/\.[A-Za-z0-9]{1,5}$/, '') : '';
        try {
          byUrl.set(src, await pictureOf(app, o, userId, data, alt || SECTION_PICTURE_TAG));
        } catch (e) {
          if (!(e instanceof PictureError)) throw e;
          if (refused === 'throw') throw badRequest(inlineRefused(e.message));
          byUrl.set(src, null);
        }
      }
      const id = byUrl.get(src);
      if (!id) return null;
      moved++;
      return { ...n, attrs: { ...n.attrs, src: `/api/btz/picture/file?id=${id}` } };
    }
    if (!n.content) return n;
    const content: Node[] = [];
    for (const c of n.content) {
      const x = await walk(c);
      if (x) content.push(x);
    }
    return { ...n, content };
  };
  const out = (await walk(doc as Node)) as EditorJson;
  return { doc: out, moved };
}

/** Sections read per round of the start-up move. */
const BATCH = 20;

/**
 * Moves the data-URL images of every stored section to files (see above); returns how many sections changed. Rows are
 * read a few at a time by key, so a large database is not loaded at once.
 */
export async function moveStoredDataImages(app: AppContext): Promise<number> {
  let changed = 0;
  let after = { bid: '', node: '' };
  for (;;) {
    const rows = await sectionsWithDataImages(app.db, after, BATCH);
    if (!rows.length) return changed;
    for (const r of rows) {
      const o = await ownerOf(app.db, { tenantId: r.tenant_id, userId: r.user_id });
      const { doc, moved } = await moveDataImages(app, o, r.user_id, r.doc as EditorJson, 'drop');
      if (!moved && JSON.stringify(doc) === JSON.stringify(r.doc)) continue;
      // the revision stays: an editor open on the section saves on top of it (and its save is moved like any)
      if (await replaceSectionDoc(app.db, r, doc)) changed++;
    }
    const last = rows[rows.length - 1]!;
    after = { bid: last.bid_id, node: last.node_id };
  }
}
