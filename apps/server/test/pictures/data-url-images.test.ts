/**
 * Images are files, not data URLs inside a section (issue 14): a section saved with a pasted data-URL image is stored
 * with the image in the bid owner's picture library and a library URL in its place; sections stored before with data
 * URLs are moved at start (idempotent: run twice, nothing more is stored); the Word export still carries the images.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { listZipEntries, readZipEntry } from '@btz/bid-engine/reading';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { moveStoredDataImages } from '../../src/modules/pictures/inline.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail, leaves, outlinedBid, section } from '../writing/helpers.js';
import { exportBid } from '../export.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await t?.close();
});

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const LIBRARY_SRC = /^\/api\/btz\/picture\/file\?id=(\d+)$/;
const docWith = (...srcs: string[]) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: '现场照片如下：' }] }, ...srcs.map((src) => ({ type: 'image', attrs: { src, alt: '现场照片.png' } }))],
});
const imageSrcs = (doc: unknown): string[] => JSON.stringify(doc).match(/"src":"[^"]*"/g)?.map((m) => m.slice(7, -1)) ?? [];

async function pictureCount(ownerId: string): Promise<number> {
  const r = await t.server.db.db.selectFrom('pictures').select(sql<number>`count(*)::int`.as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return r.n;
}

async function exportedMedia(token: string, bidId: string): Promise<Buffer[]> {
  const res = await exportBid(t.api, { token, id: bidId, format: 'docx' });
  expect(res.headers['content-type'], res.text.slice(0, 300)).toContain('officedocument');
  return listZipEntries(res.bytes)
    .filter((e) => e.name.startsWith('word/media/'))
    .map((e) => readZipEntry(res.bytes, e));
}

describe('data-URL images become files', () => {
  it('a save with a pasted data-URL image stores the picture and the section refers to it; export carries it', async () => {
    const { token, userId } = await newUser(t);
    const png = drawPicture(51);
    const bidId = await outlinedBid(t, token, 1);
    const leaf = leaves((await detail(t, token, bidId)).outline!)[0]!;
    const s = await section(t, token, bidId, leaf.id);
    // the same image twice: stored once
    const saved = await t.api('/btz/bid/section/save', { token, query: { id: bidId, nodeId: leaf.id }, body: { revision: s.revision, doc: docWith(dataUrl(png), dataUrl(png)) } });
    expect(saved.json, saved.text).toMatchObject({ success: true });
    const srcs = imageSrcs((await section(t, token, bidId, leaf.id)).doc);
    expect(srcs).toHaveLength(2);
    for (const src of srcs) expect(src).toMatch(LIBRARY_SRC);
    expect(srcs[0]).toBe(srcs[1]);
    const stored = await t.server.db.db.selectFrom('bid_sections').select(sql<string>`doc::text`.as('doc')).where('bid_id', '=', bidId).where('node_id', '=', leaf.id).executeTakeFirstOrThrow();
    expect(stored.doc).not.toContain('data:image');
    expect(await pictureCount(userId)).toBe(1);
    // the picture is the owner's, with the section tag, and its file is the image's bytes
    const file = await t.api('/btz/picture/file', { token, query: { id: LIBRARY_SRC.exec(srcs[0]!)![1]! } });
    expect(file.bytes.equals(png)).toBe(true);
    expect((await exportedMedia(token, bidId)).some((m) => m.equals(png))).toBe(true);
  });

  it('moves the data-URL images of sections stored before, once (run again: nothing changes), per owner', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const png = drawPicture(52);
    const other = drawPicture(53);
    const db = t.server.db.db;
    const bids: { token: string; userId: string; bidId: string; nodeId: string }[] = [];
    for (const u of [a, b]) {
      const bidId = await outlinedBid(t, u.token, 1);
      const leaf = leaves((await detail(t, u.token, bidId)).outline!)[0]!;
      // a row for the section (saved without images), then the older form written straight into it
      const s = await section(t, u.token, bidId, leaf.id);
      const saved = await t.api('/btz/bid/section/save', { token: u.token, query: { id: bidId, nodeId: leaf.id }, body: { revision: s.revision, doc: docWith() } });
      expect(saved.json, saved.text).toMatchObject({ success: true });
      bids.push({ ...u, bidId, nodeId: leaf.id });
    }
    // stored as sections were before: data URLs inside the JSON (written straight to the table, as an older version did)
    const storeOld = async (bidId: string, nodeId: string, doc: unknown) => {
      const u = await db.updateTable('bid_sections').set({ doc: JSON.stringify(doc) }).where('bid_id', '=', bidId).where('node_id', '=', nodeId).executeTakeFirst();
      expect(Number(u.numUpdatedRows)).toBe(1);
    };
    await storeOld(bids[0]!.bidId, bids[0]!.nodeId, docWith(dataUrl(png), dataUrl(other)));
    await storeOld(bids[1]!.bidId, bids[1]!.nodeId, docWith(dataUrl(png)));
    const before = await db.selectFrom('bid_sections').select('revision').where('bid_id', '=', bids[0]!.bidId).where('node_id', '=', bids[0]!.nodeId).executeTakeFirstOrThrow();

    expect(await moveStoredDataImages(t.server.app.ctx)).toBeGreaterThanOrEqual(2);
    for (const x of bids) {
      const srcs = imageSrcs((await section(t, x.token, x.bidId, x.nodeId)).doc);
      expect(srcs.length).toBeGreaterThan(0);
      for (const src of srcs) expect(src).toMatch(LIBRARY_SRC);
    }
    // each owner has its own pictures: a's two, b's one (the same bytes as one of a's, stored for b)
    expect(await pictureCount(a.userId)).toBe(2);
    expect(await pictureCount(b.userId)).toBe(1);
    const after = await db.selectFrom('bid_sections').select('revision').where('bid_id', '=', bids[0]!.bidId).where('node_id', '=', bids[0]!.nodeId).executeTakeFirstOrThrow();
    expect(after.revision).toBe(before.revision);
    // idempotent
    expect(await moveStoredDataImages(t.server.app.ctx)).toBe(0);
    expect(await pictureCount(a.userId)).toBe(2);
    // b cannot read a's picture; the export of each still carries its images
    const aSrc = imageSrcs((await section(t, a.token, bids[0]!.bidId, bids[0]!.nodeId)).doc)[0]!;
    const foreign = await t.api('/btz/picture/file', { token: b.token, query: { id: LIBRARY_SRC.exec(aSrc)![1]! } });
    expect(foreign.status === 404 || foreign.json?.success === false).toBe(true);
    const media = await exportedMedia(a.token, bids[0]!.bidId);
    expect(media.some((m) => m.equals(png))).toBe(true);
    expect(media.some((m) => m.equals(other))).toBe(true);
    expect((await exportedMedia(b.token, bids[1]!.bidId)).some((m) => m.equals(png))).toBe(true);
  });
});
