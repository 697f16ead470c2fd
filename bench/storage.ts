/**
 * Uploads and downloads are streamed through the storage adapter (issue 29): how much the server's resident memory grows
 * while a file much larger than the in-memory bound (8 MB, providers/storage/index.ts STAGE_MEMORY_BYTES) goes in and
 * comes back out, on the local directory and on a bucket (s3rver behind the signature-checking proxy, test/s3.ts).
 *
 *   1. upload: a DOCX of `--mb` MB into a 查重 draft (no job reads it afterwards, so only the upload is measured);
 *   2. download: the same size as a tender, once its parse settled, read back through /btz/bid/file.
 *
 * Prints, per driver, the server's VmRSS before and its highest sampled VmRSS during each (every 10 ms, /proc), and the
 * growth. A buffered path grows by at least the file's size; a streamed one by its bounded buffers.
 *
 *   npm run bench -- storage [--mb 64] [--driver local|s3]
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

const { startChild, childApi, childLogin } = await import('../apps/server/test/child-server.js');
const { CLIENT_BASIC } = await import('../apps/server/test/harness.js');
const { startLocalS3 } = await import('../apps/server/test/s3.js');
const { tenderDocx } = await import('../apps/server/test/bid/helpers.js');
const { makeZip } = await import('../packages/bid-engine/test/fixtures/build.js');
const { listZipEntries, readZipEntry } = await import('@btz/bid-engine/reading');

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const sizeMb = Number(arg('mb') ?? 64);
const drivers = arg('driver') ? [arg('driver')!] : ['local', 's3'];
const MB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** the test tender with `bytes` random bytes in a part nobody references: a valid DOCX of that size */
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

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** the highest VmRSS of `pid` while `fn` runs, sampled every 10 ms */
async function peakWhile<T>(pid: number, fn: () => Promise<T>): Promise<{ value: T; before: number; peak: number }> {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  try {
    const value = await fn();
    peak = Math.max(peak, rssMb(pid));
    return { value, before, peak };
  } finally {
    clearInterval(timer);
  }
}

/** a multipart upload written in 1 MB pieces (chunked, as a browser streams it) */
function streamUpload(url: string, apiPath: string, token: string, query: Record<string, string>, name: string, data: Buffer, fields: Record<string, string> = {}): Promise<any> {
  const boundary = `----btzbench${randomBytes(8).toString('hex')}`;
  const head = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api${apiPath}?${new URLSearchParams(query)}`,
      {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', Authorization: CLIENT_BASIC, 'Blade-Auth': `bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    req.on('error', reject);
    void (async () => {
      req.write(head);
      for (let i = 0; i < data.length; i += MB) {
        if (!req.write(data.subarray(i, i + MB))) await new Promise((r) => req.once('drain', r));
      }
      req.end(`\r\n--${boundary}--\r\n`);
    })();
  });
}

/** a download consumed as it arrives: its size and hash, never held */
function streamDownload(url: string, apiPath: string, token: string, query: Record<string, string>): Promise<{ bytes: number; sha256: string; contentLength: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api${apiPath}?${new URLSearchParams(query)}`, { method: 'POST', headers: { Authorization: CLIENT_BASIC, 'Blade-Auth': `bearer ${token}` } }, (res) => {
      const h = createHash('sha256');
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        h.update(c);
      });
      res.on('end', () => resolve({ bytes, sha256: h.digest('hex'), contentLength: res.headers['content-length'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

const data = await paddedDocx(sizeMb * MB);
const tender = await paddedDocx(sizeMb * MB);
console.log(`file: ${(data.length / MB).toFixed(1)} MB DOCX; in-memory bound 8 MB (+ 2 × 4 MB sniffing windows once spilled)`);
console.log('driver | step | VmRSS before | peak during | growth');

for (const driver of drivers) {
  const s3 = driver === 's3' ? await startLocalS3({ prefix: 'bench' }) : null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-storage-'));
  const c = await startChild(dataDir, { ...(s3?.env ?? {}), UPLOAD_MAX_BYTES: String((sizeMb + 8) * MB) }, { startMs: 600_000 });
  const pid = c.proc.pid!;
  try {
    const token = await childLogin(c);
    // warm-up: the upload path's modules loaded, a small file through the same route
    const { id } = (await childApi(c, '/btz/dupcheck/create', { token, body: Buffer.from(JSON.stringify({ name: '基准' })), headers: { 'content-type': 'application/json' } })).json.data;
    await streamUpload(c.url, '/btz/dupcheck/upload', token, { id, role: 'bid' }, '预热.docx', await paddedDocx(64 * 1024));
    await new Promise((r) => setTimeout(r, 1000));
    const up = await peakWhile(pid, () => streamUpload(c.url, '/btz/dupcheck/upload', token, { id, role: 'bid' }, '大文件.docx', data));
    if (!up.value.success) throw new Error(`upload refused: ${JSON.stringify(up.value)}`);
    console.log(`${driver} | upload ${sizeMb} MB (查重) | ${up.before.toFixed(0)} MB | ${up.peak.toFixed(0)} MB | +${(up.peak - up.before).toFixed(0)} MB`);

    const t = await streamUpload(c.url, '/btz/bid/upload-tender', token, {}, '大招标文件.docx', tender, { bidType: '1' });
    if (!t.success) throw new Error(`tender refused: ${JSON.stringify(t)}`);
    const bidId = t.data.bidId as string;
    let fileId = '';
    for (const end = Date.now() + 600_000; Date.now() < end; await new Promise((r) => setTimeout(r, 500))) {
      const d = (await childApi(c, '/btz/bid/detail', { token, query: { id: bidId } })).json.data;
      if (d.parse.state === 'done' || d.parse.state === 'failed') {
        fileId = d.files[0].id;
        break;
      }
    }
    if (!fileId) throw new Error('the parse did not settle');
    await new Promise((r) => setTimeout(r, 2000));
    const down = await peakWhile(pid, () => streamDownload(c.url, '/btz/bid/file', token, { id: bidId, fileId }));
    if (down.value.sha256 !== sha(tender)) throw new Error('download differs from the upload');
    console.log(
      `${driver} | download ${sizeMb} MB (Content-Length ${down.value.contentLength}) | ${down.before.toFixed(0)} MB | ${down.peak.toFixed(0)} MB | +${(down.peak - down.before).toFixed(0)} MB`,
    );
  } finally {
    c.proc.kill('SIGTERM');
    await c.exited;
    rmSync(dataDir, { recursive: true, force: true });
    await s3?.close();
  }
}
process.exit(0);
