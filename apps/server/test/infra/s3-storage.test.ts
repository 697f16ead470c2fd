/**
 * Object storage (issue 29): with STORAGE_DRIVER=s3 every file kind goes to the bucket — a tender (streamed in, read
 * back by the parse), an added file, a picture, a 资料库 file, a 标书库 file, an export — and nothing to the local
 * directory; every request carries a valid Signature V4 (test/s3.ts checks it independently of the signer). A large
 * upload reaches the bucket while its body is still arriving (multipart parts before the last byte: a buffered upload
 * writes nothing until the request ended); an upload refused for its size or the quota leaves nothing behind. The other
 * kinds — 资料库 (a large one spilled too), 查重, 暗标 check, file tools' uploads and results, picture extraction — land
 * in the bucket and their downloads (streamed from it) equal the bucket's bytes. Virtual-host addressing
 * (STORAGE_S3_FORCE_PATH_STYLE=false, the bucket in the Host) works the same, a spilled upload included.
 */
import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_TEXTS } from '@btz/shared';
import { CLIENT_BASIC, newUser, startTestServer, type HttpResult, type TestServer } from '../harness.js';
import { startLocalS3, type LocalS3 } from '../s3.js';
import { detail, tenderDocx, txtTender, waitParse } from '../bid/helpers.js';
import { exportBid } from '../export.js';
import { settled, waitForJob, waitUntil } from '../wait.js';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { makeZip } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { listZipEntries, readZipEntry } from '@btz/bid-engine/reading';

const MB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** what the tests read of a job's detail */
type Job = { state: string; error?: string | null };
/** an object's bytes as s3rver stored them (its directory, not the product's API) */
const objectBytes = (key: string) => readFileSync(path.join(s3.dir, s3.settings.bucket, s3.settings.prefix, `${key}._S3rver_object`));

let s3: LocalS3;
let t: TestServer;
beforeAll(async () => {
  s3 = await startLocalS3({ prefix: 'btz/files' });
  t = await startTestServer({ storageS3: s3.settings, jobPollMs: 50, uploadMaxBytes: 24 * MB, uploadQuotaBytes: 36 * MB });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** what the server wrote to its local file directory (DATA_DIR/files): nothing but the spill directory may exist */
const localFiles = () => {
  const dir = path.join(t.server.app.ctx.config.dataDir, 'files');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true }).map(String);
};

/**
 * A multipart upload sent in two steps: the headers and the first `split` bytes of the file, then — once `between`
 * resolved — the rest. Chunked (no Content-Length), as a browser's stream would be.
 */
function uploadInTwo(o: { apiPath: string; token: string; name: string; data: Buffer; split: number; fields?: Record<string, string>; between: () => Promise<void> }): Promise<HttpResult<any>> {
  const boundary = `----btzs3${Date.now()}`;
  const head = Buffer.concat([
    ...Object.entries(o.fields ?? {}).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(o.name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
  ]);
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${t.url}/api${o.apiPath}`,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
          'Blade-Requested-With': 'BladeHttpRequest',
          Authorization: CLIENT_BASIC,
          'Blade-Auth': `bearer ${o.token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, bytes });
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    req.write(o.data.subarray(0, o.split));
    o.between().then(
      () => {
        req.write(o.data.subarray(o.split));
        req.end(end);
      },
      (e: unknown) => {
        req.destroy();
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * The test tender as a DOCX of about `mb` MiB: its parts plus an incompressible part nobody references (a large
 * embedded file), so the ZIP directory sits at the end of a file too large to hold — what the upload's sniff reads.
 */
async function bigDocx(mb: number): Promise<Buffer> {
  return paddedDocx(mb * MB);
}

/** The test tender with `bytes` random bytes in an unreferenced part: a valid DOCX of its own hash every time. */
async function paddedDocx(bytes: number): Promise<Buffer> {
  const docx = await tenderDocx();
  const entries = listZipEntries(docx).map((e) => {
    const data = readZipEntry(docx, e);
    return { name: e.name, data: deflateRawSync(data), crc: crc32(data), uncompressedSize: data.length };
  });
  const pad = randomBytes(bytes);
  entries.push({ name: 'word/embeddings/pad.bin', data: deflateRawSync(pad, { level: 0 }), crc: crc32(pad), uncompressedSize: pad.length });
  return makeZip(entries);
}

describe('STORAGE_DRIVER=s3', () => {
  it('every file kind goes through the bucket, none to the local directory; the parse reads the tender back; downloads come from the bucket', async () => {
    const { token } = await newUser(t);
    const docx = await tenderDocx();
    const up = await t.upload('/btz/bid/upload-tender', { token, file: { name: '招标文件.docx', data: docx }, fields: { bidType: 1 } });
    expect(up.json?.success, up.text).toBe(true);
    const bidId = up.json.data.bidId as string;
    expect((await waitParse(t, token, bidId)).parse.state).toBe('done');

    const amendment = txtTender(['补遗：投标截止时间顺延至另行通知。']);
    const add = await t.upload('/btz/bid/add-file', { token, query: { id: bidId }, file: { name: '补遗1.txt', data: amendment }, fields: { role: 'amendment' } });
    expect(add.json?.success, add.text).toBe(true);
    expect((await waitParse(t, token, bidId)).parse.state).toBe('done');

    const picture = drawPicture(31);
    const pic = await t.upload('/btz/picture/upload', { token, file: { name: '资质.png', data: picture } });
    expect(pic.json?.success, pic.text).toBe(true);
    const bank = await t.upload('/btz/databank/upload', { token, file: { name: '营业执照.docx', data: docx } });
    expect(bank.json?.success, bank.text).toBe(true);
    const repo = await t.upload('/btz/repository/upload', { token, file: { name: '往期标书.docx', data: docx } });
    expect(repo.json?.success, repo.text).toBe(true);

    const g = await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } });
    expect(g.json?.success, g.text).toBe(true);
    const exp = await exportBid(t.api, { token, id: bidId, format: 'docx' });
    expect(exp.status, exp.text).toBe(200);
    expect(exp.bytes.length).toBeGreaterThan(1000);

    const objects = s3.objects();
    for (const [what, bytes] of [['tender', docx], ['amendment', amendment], ['picture', picture], ['export', exp.bytes]] as const) {
      expect(objects, what).toContain(sha(bytes));
    }
    // the picture's thumbnail too: picture, thumbnail, tender (= 资料库 = 标书库 file), amendment, export
    expect(objects.length).toBeGreaterThanOrEqual(5);
    expect(localFiles()).toEqual([]);

    // downloads are read from the bucket
    const d = await detail(t, token, bidId);
    const file = await t.api('/btz/bid/file', { token, query: { id: bidId, fileId: d.files[0]!.id } });
    expect(file.status).toBe(200);
    expect(file.bytes.equals(docx)).toBe(true);

    // deleting the bid's added file releases its object: gone from the bucket
    const del = await t.api('/btz/bid/delete-file', { token, query: { id: bidId, fileId: d.files.find((f) => f.role === 'amendment')!.id } });
    expect(del.json?.success, del.text).toBe(true);
    expect(s3.objects()).not.toContain(sha(amendment));
    expect(s3.rejected).toEqual([]);
  });

  it('a large tender reaches the bucket while its body is still arriving, and is stored whole under its hash', async () => {
    const { token } = await newUser(t);
    const data = await bigDocx(22);
    const before = s3.partBytes();
    const res = await uploadInTwo({
      apiPath: '/btz/bid/upload-tender',
      token,
      name: '大招标文件.docx',
      data,
      // 8 MB held, then parts of 8 MB: the first is sent by the 16th MB
      split: 19 * MB,
      fields: { bidType: '1' },
      // a buffered upload writes nothing before the last byte: this wait then fails
      between: () => waitUntil('multipart parts in the bucket before the upload ended', () => s3.partBytes() - before >= 8 * MB, { limitMs: 60_000 }).then(() => undefined),
    });
    expect(res.json?.success, res.text).toBe(true);
    expect(s3.objects()).toContain(sha(data));
    // the staging object was copied to its key and deleted; no part left over
    expect(s3.partBytes()).toBe(0);
    const d = await detail(t, token, res.json.data.bidId as string);
    expect(d.files[0]!.size).toBe(data.length);
    const file = await t.api('/btz/bid/file', { token, query: { id: d.id, fileId: d.files[0]!.id } });
    expect(sha(file.bytes)).toBe(sha(data));
    expect(localFiles()).toEqual([]);
  });

  it('an upload over UPLOAD_MAX_BYTES mid-stream, or over the quota, is refused in Chinese and leaves nothing in the bucket', async () => {
    const { token } = await newUser(t);
    const tooBig = await bigDocx(26);
    const res = await uploadInTwo({ apiPath: '/btz/bid/upload-tender', token, name: '超大.docx', data: tooBig, split: 20 * MB, fields: { bidType: '1' }, between: async () => undefined });
    expect(res.json).toMatchObject({ success: false, msg: BID_TEXTS.tooLarge('24 MB') });
    expect(s3.objects()).not.toContain(sha(tooBig));
    // the multipart upload was aborted, not left to the lifecycle rule
    await waitUntil('the aborted upload parts gone', () => s3.partBytes() === 0, { limitMs: 10_000 });

    // 36 MB quota: 19 MB stored, another 19 MB refused after it streamed in
    const first = await bigDocx(19);
    const ok = await uploadInTwo({ apiPath: '/btz/bid/upload-tender', token, name: '一.docx', data: first, split: first.length, fields: { bidType: '1' }, between: async () => undefined });
    expect(ok.json?.success, ok.text).toBe(true);
    const second = await bigDocx(19);
    const refused = await uploadInTwo({ apiPath: '/btz/bid/upload-tender', token, name: '二.docx', data: second, split: second.length, fields: { bidType: '1' }, between: async () => undefined });
    expect(refused.json?.success).toBe(false);
    expect(refused.json.msg).toMatch(/存储空间不足/);
    expect(s3.objects()).not.toContain(sha(second));
    expect(s3.objects().some((k) => k === sha(first))).toBe(true);
    // neither the staging object nor any part is left
    expect(s3.partBytes()).toBe(0);
    expect(readdirSync(path.join(s3.dir, s3.settings.bucket, 'btz', 'files'), { recursive: true }).map(String).filter((f) => f.startsWith('staging'))).toEqual([]);
    expect(s3.rejected).toEqual([]);
  });
  it('资料库, 查重, 暗标 check, file tools and picture extraction: uploads staged into the bucket, results too; downloads equal the bucket bytes', async () => {
    const { token } = await newUser(t);
    const ok = (res: HttpResult<any>) => {
      expect(res.json?.success, res.text).toBe(true);
      return res.json.data;
    };

    // 资料库: a small file (held while staged) and one too large to hold (spilled: parts before its last byte)
    const bankSmall = await paddedDocx(1024);
    const small = ok(await t.upload('/btz/databank/upload', { token, file: { name: '营业执照.docx', data: bankSmall } })) as { id: string };
    const bankLarge = await bigDocx(12);
    const before = s3.partBytes();
    const large = ok(
      await uploadInTwo({
        apiPath: '/btz/databank/upload',
        token,
        name: '资质证书合集.docx',
        data: bankLarge,
        split: 11 * MB,
        between: () => waitUntil('资料库 upload parts in the bucket before it ended', () => s3.partBytes() - before >= 8 * MB, { limitMs: 60_000 }).then(() => undefined),
      }),
    ) as { id: string; size: number };
    expect(large.size).toBe(bankLarge.length);
    for (const [id, data] of [[small.id, bankSmall], [large.id, bankLarge]] as const) {
      expect(s3.objects()).toContain(sha(data));
      const file = await t.api('/btz/databank/file', { token, query: { id } });
      expect(file.status).toBe(200);
      expect(Number(file.headers['content-length'])).toBe(data.length);
      expect(sha(file.bytes)).toBe(sha(data));
    }

    // 查重: two bids uploaded into the bucket, the check's job reads them back from it
    const { id: checkId } = ok(await t.api('/btz/dupcheck/create', { token, body: { name: '对象存储查重' } })) as { id: string };
    const bidA = await paddedDocx(2048);
    const bidB = await paddedDocx(2048);
    for (const [name, data] of [['甲.docx', bidA], ['乙.docx', bidB]] as const) ok(await t.upload('/btz/dupcheck/upload', { token, query: { id: checkId, role: 'bid' }, file: { name, data } }));
    expect(s3.objects()).toEqual(expect.arrayContaining([sha(bidA), sha(bidB)]));
    ok(await t.api('/btz/dupcheck/start', { token, query: { id: checkId } }));
    const check = await waitForJob<Job>({ what: `duplicate check ${checkId}`, read: async () => ok(await t.api('/btz/dupcheck/detail', { token, query: { id: checkId } })), until: settled });
    expect(check.state, check.error ?? '').toBe('done');

    // 暗标 check: the uploaded bid in the bucket
    const anon = await paddedDocx(3072);
    const bc = ok(await t.upload('/btz/bidcheck/upload', { token, file: { name: '暗标.docx', data: anon }, fields: { kind: 'anonymity' } })) as { id: string };
    expect(s3.objects()).toContain(sha(anon));
    const bcDone = await waitForJob<Job>({ what: `bid check ${bc.id}`, read: async () => ok(await t.api('/btz/bidcheck/detail', { token, query: { id: bc.id } })), until: settled });
    expect(bcDone.state, bcDone.error ?? '').toBe('done');

    // file tools: three pictures staged in one request (one quota check), the PDF they make stored in the bucket;
    // its download and the results' ZIP (zipped while it streams out) carry the bucket's bytes
    const pictures = [drawPicture(41), drawPicture(42, 300, 500), drawPicture(43)];
    const boundary = `----btzs3${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="tool"\r\n\r\nimages-pdf\r\n`),
      ...pictures.flatMap((data, i) => [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`), data, Buffer.from('\r\n')]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const runId = (ok(await t.api('/btz/filetools/upload', { token, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })) as { id: string }).id;
    expect(s3.objects()).toEqual(expect.arrayContaining(pictures.map(sha)));
    const toolRun = await waitForJob<Job & { outputs: { name: string }[] }>({ what: `file tool run ${runId}`, read: async () => ok(await t.api('/btz/filetools/detail', { token, query: { id: runId } })), until: settled });
    expect(toolRun.state, toolRun.error ?? '').toBe('done');
    const result = await t.api('/btz/filetools/file', { token, query: { id: runId, index: 1 } });
    expect(result.status).toBe(200);
    expect(result.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(result.headers['content-length'])).toBe(result.bytes.length);
    expect(s3.objects()).toContain(sha(result.bytes));
    expect(result.bytes.equals(objectBytes(sha(result.bytes)))).toBe(true);
    const zip = await t.api('/btz/filetools/zip', { token, query: { id: runId } });
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = listZipEntries(zip.bytes);
    expect(entries.map((e) => e.name)).toEqual(toolRun.outputs.map((o) => o.name));
    expect(readZipEntry(zip.bytes, entries[0]!).equals(result.bytes)).toBe(true);

    // picture extraction: the document in the bucket, read back by its job
    const source = await paddedDocx(4096);
    const ex = ok(await t.upload('/btz/picture/extract/upload', { token, file: { name: '证书合集.docx', data: source } })) as { id: string };
    expect(s3.objects()).toContain(sha(source));
    const extraction = await waitForJob<Job>({ what: `extraction ${ex.id}`, read: async () => ok(await t.api('/btz/picture/extract/detail', { token, query: { id: ex.id } })), until: settled });
    expect(extraction.state, extraction.error ?? '').toBe('done');

    // a picture and its thumbnail: both downloads are the bucket's bytes
    const picture = drawPicture(44);
    const pic = ok(await t.upload('/btz/picture/upload', { token, file: { name: '现场照片.png', data: picture } })) as { picture: { id: string } };
    const full = await t.api('/btz/picture/file', { token, query: { id: pic.picture.id } });
    expect(full.bytes.equals(picture)).toBe(true);
    const thumb = await t.api('/btz/picture/file', { token, query: { id: pic.picture.id, thumb: 1 } });
    expect(thumb.bytes.equals(objectBytes(sha(thumb.bytes)))).toBe(true);

    expect(localFiles().filter((f) => !f.startsWith('tmp'))).toEqual([]);
    expect(s3.partBytes()).toBe(0);
    expect(s3.rejected).toEqual([]);
  });
});

describe('STORAGE_S3_FORCE_PATH_STYLE=false (the bucket in the Host)', () => {
  let vs3: LocalS3;
  let v: TestServer;
  beforeAll(async () => {
    vs3 = await startLocalS3({ prefix: 'btz/files', virtualHost: true });
    v = await startTestServer({ storageS3: vs3.settings, jobPollMs: 50, uploadMaxBytes: 24 * MB });
  });
  afterAll(async () => {
    await v?.close();
    await vs3?.close();
  });

  it('uploads (a spilled one too), the parse, downloads and deletes address the bucket by host name only', async () => {
    expect(vs3.settings.forcePathStyle).toBe(false);
    const { token } = await newUser(v);
    const docx = await tenderDocx();
    const up = await v.upload('/btz/bid/upload-tender', { token, file: { name: '招标文件.docx', data: docx }, fields: { bidType: 1 } });
    expect(up.json?.success, up.text).toBe(true);
    const bidId = up.json.data.bidId as string;
    expect((await waitParse(v, token, bidId)).parse.state).toBe('done');
    const d = await detail(v, token, bidId);
    const file = await v.api('/btz/bid/file', { token, query: { id: bidId, fileId: d.files[0]!.id } });
    expect(file.bytes.equals(docx)).toBe(true);

    // a 资料库 file too large to hold: a multipart upload to the staging key, copied, deleted
    const big = await bigDocx(10);
    const bank = await v.upload('/btz/databank/upload', { token, file: { name: '资质证书合集.docx', data: big } });
    expect(bank.json?.success, bank.text).toBe(true);
    expect(vs3.objects()).toEqual(expect.arrayContaining([sha(docx), sha(big)]));
    expect(vs3.partBytes()).toBe(0);
    const back = await v.api('/btz/databank/file', { token, query: { id: bank.json.data.id } });
    expect(sha(back.bytes)).toBe(sha(big));

    const del = await v.api('/btz/databank/delete', { token, query: { id: bank.json.data.id } });
    expect(del.json?.success, del.text).toBe(true);
    expect(vs3.objects()).not.toContain(sha(big));

    expect(vs3.styles.path).toBe(0);
    expect(vs3.styles.virtualHost).toBeGreaterThan(5);
    expect(vs3.rejected).toEqual([]);
  });
});
