/**
 * Attack (issue 22, finding 6): the quota covered tender files only — with a 1 MB quota one user stored 20.9 MB through
 * pictures, extraction, the data bank, the repository, 查重, the bid checks and the file tools — and deleting removed rows,
 * never files. Now every stored object goes through the storage ledger: each path is refused with the Chinese quota
 * message once the user's quota is used, its bytes count against the same quota as tenders, deleting its row gives them
 * back and deletes the object, and the sweep collects objects no ledger row references.
 */
import { readdirSync, utimesSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { waitForJob } from '../wait.js';
import { txtTender } from '../bid/helpers.js';
import { up as backfill } from '../../src/db/migrations/0023_storage_backfill.js';

const QUOTA = 300_000;
/** what a tender leaves of the quota: less than any file below */
const LEFT = 100;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ uploadQuotaBytes: QUOTA });
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
/** a distinct tender (storage is content-addressed) that leaves `left` bytes of the quota */
function tenderLeaving(left: number): Buffer {
  const head = Buffer.from(`第一章 招标公告\n项目名称：第 ${++serial} 号测试项目\n`);
  return txtTender([head.toString() + 'x'.repeat(QUOTA - left - head.length)]);
}
async function uploadTender(token: string, left = LEFT) {
  return t.upload('/btz/bid/upload-tender', { token, file: { name: `招标文件${serial}.txt`, data: tenderLeaving(left) }, fields: { bidType: 1 } });
}
const docx = async (n: number) => buildTenderDocx([[{ kind: 'title', text: `第 ${n} 号投标文件` }, { kind: 'p', text: `本文件为第 ${n} 号测试文件，内容各不相同。` }]]);

interface Path {
  name: string;
  /** stores one distinct file of the user through this path: the answer and the id of the row holding it */
  store(token: string, n: number): Promise<{ json: any; id?: string }>;
  /** deletes that row (none: the path has no delete) */
  remove?(token: string, id: string): Promise<{ json: any }>;
}

const PATHS: Path[] = [
  {
    name: '图片库上传',
    store: async (token, n) => {
      const r = await t.upload('/btz/picture/upload', { token, file: { name: `图${n}.png`, data: drawPicture(1000 + n) } });
      return { json: r.json, id: r.json.data?.picture?.id };
    },
    remove: (token, id) => t.api('/btz/picture/delete', { token, query: { id } }),
  },
  {
    name: '图片提取',
    store: async (token, n) => {
      const r = await t.upload('/btz/picture/extract/upload', { token, file: { name: `提取${n}.docx`, data: await docx(n) } });
      return { json: r.json, id: r.json.data?.id };
    },
  },
  {
    name: '资料库',
    store: async (token, n) => {
      const r = await t.upload('/btz/databank/upload', { token, file: { name: `证书${n}.docx`, data: await docx(n) } });
      return { json: r.json, id: r.json.data?.id };
    },
    remove: (token, id) => t.api('/btz/databank/delete', { token, query: { id } }),
  },
  {
    name: '知识库',
    store: async (token, n) => {
      const r = await t.upload('/btz/repository/upload', { token, file: { name: `往期标书${n}.docx`, data: await docx(n) } });
      return { json: r.json, id: r.json.data?.id };
    },
    remove: (token, id) => t.api('/btz/repository/delete', { token, query: { id } }),
  },
  {
    name: '查重',
    store: async (token, n) => {
      const created = await t.api('/btz/dupcheck/create', { token, body: { name: `查重${n}` } });
      const id = created.json.data.id as string;
      const r = await t.upload('/btz/dupcheck/upload', { token, query: { id, role: 'bid' }, file: { name: `投标${n}.docx`, data: await docx(n) } });
      return { json: r.json, id };
    },
    remove: (token, id) => t.api('/btz/dupcheck/delete', { token, query: { id } }),
  },
  {
    name: '暗标检查',
    store: async (token, n) => {
      const r = await t.upload('/btz/bidcheck/upload', { token, file: { name: `暗标${n}.docx`, data: await docx(n) }, fields: { kind: 'anonymity' } });
      return { json: r.json, id: r.json.data?.id };
    },
    remove: (token, id) => t.api('/btz/bidcheck/delete', { token, query: { id } }),
  },
  {
    name: '文件工具',
    store: async (token, n) => {
      const r = await t.upload('/btz/filetools/upload', { token, file: { name: `清除${n}.docx`, data: await docx(n) }, fields: { tool: 'clean' } });
      return { json: r.json, id: r.json.data?.id };
    },
    remove: (token, id) => t.api('/btz/filetools/delete', { token, query: { id } }),
  },
];

const refused = (json: any) => {
  expect(json, JSON.stringify(json)).toMatchObject({ code: 400, success: false });
  expect(json.msg).toMatch(/^存储空间不足：您已使用 .+，上限为 293 KB/);
};

function storedObjects(): Set<string> {
  const root = path.join(t.server.app.ctx.config.dataDir, 'files');
  if (!existsSync(root)) return new Set();
  return new Set(readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /^[0-9a-f]{64}$/.test(e.name)).map((e) => e.name));
}

describe('one storage ledger: every upload path counts against the quota', () => {
  for (const p of PATHS) {
    it(`${p.name}: refused once the quota is used; its bytes count like a tender's${p.remove ? '; deleting gives them back' : ''}`, async () => {
      const { token } = await newUser(t);
      const bid = await uploadTender(token);
      expect(bid.json, bid.text).toMatchObject({ success: true });
      const before = storedObjects();
      refused((await p.store(token, ++serial)).json);
      // nothing written for the refused upload
      expect([...storedObjects()].filter((k) => !before.has(k))).toEqual([]);
      // the tender deleted, the same path stores
      expect((await t.api('/btz/bid/delete', { token, query: { id: bid.json.data.bidId } })).json.success).toBe(true);
      const stored = await p.store(token, ++serial);
      expect(stored.json, JSON.stringify(stored.json)).toMatchObject({ success: true });
      // …and its bytes count: a tender that would fit an empty quota no longer does
      refused((await uploadTender(token)).json);
      if (p.remove) {
        expect((await p.remove(token, stored.id!)).json).toMatchObject({ success: true });
        expect((await uploadTender(token)).json).toMatchObject({ success: true });
      }
    });
  }

  it('查重: a refused second copy of the same bytes, or removing one of two copies, keeps the object the check still holds', async () => {
    const { token, userId } = await newUser(t);
    const id = (await t.api('/btz/dupcheck/create', { token, body: { name: '同一文件' } })).json.data.id as string;
    const data = await docx(++serial);
    const key = createHash('sha256').update(data).digest('hex');
    const up = (role: string) => t.upload('/btz/dupcheck/upload', { token, query: { id, role }, file: { name: '招标文件.docx', data } });
    expect((await up('tender')).json).toMatchObject({ success: true });
    expect((await up('tender')).json).toMatchObject({ success: false, msg: '招标文件只能上传 1 份' });
    expect(storedObjects().has(key)).toBe(true);
    expect((await up('bid')).json).toMatchObject({ success: true, data: { index: 2 } });
    expect((await t.api('/btz/dupcheck/file/remove', { token, query: { id, index: 2 } })).json).toMatchObject({ success: true });
    expect(storedObjects().has(key)).toBe(true);
    const rows = await t.server.app.ctx.db.selectFrom('stored_objects').select('bytes').where('user_id', '=', userId).execute();
    expect(rows.map((r) => Number(r.bytes))).toEqual([data.length]);
    expect((await t.api('/btz/dupcheck/delete', { token, query: { id } })).json).toMatchObject({ success: true });
    expect(storedObjects().has(key)).toBe(false);
  });

  it('the backfill (migration 0023) rebuilds the ledger the uploads above wrote: same holders, keys and bytes', async () => {
    // a run that has finished, so its outputs are in its row
    const { token } = await newUser(t);
    const run = (await t.upload('/btz/filetools/upload', { token, file: { name: '清除.docx', data: await docx(++serial) }, fields: { tool: 'clean' } })).json.data;
    await waitForJob({
      what: `file tool run ${run.id}`,
      read: async () => (await t.api('/btz/filetools/detail', { token, query: { id: run.id } })).json.data,
      until: (d) => d.state === 'done',
    });
    await t.server.app.ctx.jobs.idle(60_000);
    const db = t.server.app.ctx.db;
    const rows = async () =>
      (await db.selectFrom('stored_objects').select(['kind', 'ref_id', 'object_key', 'bytes', 'user_id']).execute())
        .map((r) => `${r.kind} ${r.ref_id} ${r.object_key} ${r.user_id} ${Number(r.bytes) === 0 ? '' : Number(r.bytes)}`)
        .sort();
    const written = await rows();
    expect(written.some((r) => r.startsWith('filetool ') && r.includes(':out '))).toBe(true);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stored_objects').execute();
      for (const statement of backfill.split(/;\s*\n/).filter((x) => x.trim())) await sql.raw(statement).execute(trx);
    });
    // thumbnails enter at 0 bytes (their size was never recorded): compared without bytes where either side has none
    const strip = (r: string) => r.replace(/ \d+$/, ' ');
    const rebuilt = await rows();
    expect(rebuilt.map(strip)).toEqual(written.map(strip));
    const bytes = (list: string[]) => list.filter((r) => !r.endsWith(' ')).sort();
    expect(bytes(rebuilt).every((r) => written.includes(r))).toBe(true);
  });

  it('deleting a row deletes its object unless another row holds the same bytes; the sweep collects unreferenced objects', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const png = drawPicture(4242);
    const key = createHash('sha256').update(png).digest('hex');
    const pa = (await t.upload('/btz/picture/upload', { token: a.token, file: { name: '同一张.png', data: png } })).json.data.picture.id;
    const pb = (await t.upload('/btz/picture/upload', { token: b.token, file: { name: '同一张.png', data: png } })).json.data.picture.id;
    expect(storedObjects().has(key)).toBe(true);
    await t.api('/btz/picture/delete', { token: a.token, query: { id: pa } });
    // b still holds the bytes
    expect(storedObjects().has(key)).toBe(true);
    expect((await t.api('/btz/picture/file', { token: b.token, query: { id: pb } })).bytes.equals(png)).toBe(true);
    await t.api('/btz/picture/delete', { token: b.token, query: { id: pb } });
    expect(storedObjects().has(key)).toBe(false);

    // an object nobody recorded (a crash between write and row, a file from before the ledger) is swept once old enough
    const root = path.join(t.server.app.ctx.config.dataDir, 'files');
    const orphan = createHash('sha256').update('孤立文件').digest('hex');
    const fresh = createHash('sha256').update('刚写入的文件').digest('hex');
    for (const k of [orphan, fresh]) {
      mkdirSync(path.join(root, k.slice(0, 2)), { recursive: true });
      writeFileSync(path.join(root, k.slice(0, 2), k), k);
    }
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(path.join(root, orphan.slice(0, 2), orphan), old, old);
    const held = storedObjects();
    expect(await t.server.app.ctx.storage.sweep()).toBeGreaterThanOrEqual(1);
    const after = storedObjects();
    expect(after.has(orphan)).toBe(false);
    expect(after.has(fresh)).toBe(true);
    // every object a row records is still there
    const recorded = await t.server.app.ctx.db.selectFrom('stored_objects').select('object_key').execute();
    for (const r of recorded) if (held.has(r.object_key)) expect(after.has(r.object_key)).toBe(true);
  });
});
