/**
 * Picture-library images in an exported bid: the sections refer to pictures by URL (`/api/btz/picture/file?id=…`), the
 * export worker has no database — so the export route hands it the bytes of the pictures the bid uses, read here from
 * the library of the bid's owner (the bid's user, or its enterprise in the enterprise role). A picture that is gone or
 * belongs to someone else is simply not there: the export shows 【图片无法导出】 in its place.
 */
import type { AppContext } from '../../context.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { findPicture, pictureIdsInBid } from './repo.js';
import { ownerOf } from '../enterprise/owner.js';

export const MAX_EXPORT_PICTURE_BYTES = 256 * 1024 * 1024;

export async function libraryImagesOfBid(app: AppContext, bid: { id: string; tenant_id: string; user_id: string }): Promise<Record<string, Uint8Array>> {
  const ids = await pictureIdsInBid(app.db, bid.id);
  if (!ids.length) return {};
  const owner = await ownerOf(app.db, { tenantId: bid.tenant_id, userId: bid.user_id });
  const out: Record<string, Uint8Array> = {};
  let total = 0;
  for (const id of ids) {
    const pic = await findPicture(app.db, owner, id);
    // the worker receives them in one message: past MAX_EXPORT_PICTURE_BYTES the rest is left out
    if (!pic || total + Number(pic.size) > MAX_EXPORT_PICTURE_BYTES) continue;
    total += Number(pic.size);
    try {
      out[`/api/btz/picture/file?id=${id}`] = await app.storage.get(pic.storage_key);
    } catch (e) {
      if (!(e instanceof StorageNotFoundError)) throw e;
    }
  }
  return out;
}
