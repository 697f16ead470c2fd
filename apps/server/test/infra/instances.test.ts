/**
 * Several instances on one PostgreSQL (issue 10, finding 8): uploads live in the storage of the instance that received
 * them, so a second instance that could not read them refuses to start, clearly; with STORAGE_DIR on a shared mount
 * declared by STORAGE_SHARED=true both run, and a file uploaded to one is served by the other after the first is killed.
 * With object storage (STORAGE_DRIVER=s3) two instances naming the same bucket run without STORAGE_SHARED, and one on
 * a local directory beside them is refused. Real server processes (child-server.ts) on a database of their own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childApi as api, childLogin, startChild, type Child } from '../child-server.js';
import { multipartBody, scratchDatabase, type ScratchDatabase } from '../harness.js';
import { tenderDocx } from '../bid/helpers.js';
import { postgresAnswers, requireService } from '../requirements.js';
import { startLocalS3 } from '../s3.js';

const PG = process.env.TEST_DATABASE_URL;
const canRun = requireService(await postgresAnswers(PG), `PostgreSQL 不可用（TEST_DATABASE_URL=${PG ?? '未设置'}）：多实例共享存储测试`);

describe.skipIf(!canRun)('instances on one PostgreSQL and their file storage', () => {
  let db: ScratchDatabase | undefined;
  let DATABASE_URL = '';
  const dirs: string[] = [];
  const children: Child[] = [];
  const dir = (name: string) => {
    const d = mkdtempSync(path.join(os.tmpdir(), `btz-inst-${name}-`));
    dirs.push(d);
    return d;
  };
  const start = async (dataDir: string, env: Record<string, string> = {}) => {
    const c = await startChild(dataDir, { DATABASE_URL, ...env });
    children.push(c);
    return c;
  };
  const refused = (dataDir: string, env: Record<string, string> = {}) =>
    startChild(dataDir, { DATABASE_URL, ...env }).then(
      (c) => {
        children.push(c);
        throw new Error('the second instance started');
      },
      (e: Error) => e.message,
    );
  const stop = async (c: Child) => {
    c.proc.kill('SIGTERM');
    expect(await c.exited).toBe(0);
  };

  beforeAll(async () => {
    db = await scratchDatabase(PG!, 'btz_inst');
    const u = new URL(db.url);
    DATABASE_URL = u.toString();
  });
  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await db?.drop();
  }, 30_000);

  it('a second instance with its own local files refuses to start and says which variables to set; a crashed instance restarts', async () => {
    // a crash's row ages out after JOB_STALE_MS: short here, so the test can see it go
    const fast = { JOB_HEARTBEAT_MS: '200', JOB_STALE_MS: '3000' };
    const aDir = dir('a');
    const a = await start(aDir, fast);

    const msg = await refused(dir('b'), fast);
    expect(msg).toContain('无法启动');
    expect(msg).toContain('STORAGE_DIR');
    expect(msg).toContain('STORAGE_SHARED=true');
    expect(msg).toContain('Refusing to start');
    expect(msg).toContain(`进程 ${a.proc.pid}`);
    expect(msg).toContain(path.join(aDir, 'files'));
    // declaring only its own storage shared is not enough: A's files are still A's alone
    expect(await refused(dir('c'), { ...fast, STORAGE_DIR: dir('shared'), STORAGE_SHARED: 'true' })).toContain('未声明共享');

    // the same instance restarted on its own DATA_DIR right after kill -9: its predecessor's fresh row is no rival
    a.proc.kill('SIGKILL');
    await a.exited;
    const again = await start(aDir, fast);
    // a clean stop removes its row at once…
    await stop(again);
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    const rows = await admin.query('SELECT pid FROM server_instances');
    await admin.end();
    expect(rows.rows.map((r) => r.pid)).not.toContain(again.proc.pid);
    // …and the crashed one's ages out: then an instance with other storage may run alone
    await new Promise((r) => setTimeout(r, 3500));
    await stop(await start(dir('d'), fast));
  }, 120_000);

  it('STORAGE_SHARED=true on two directories that are not one mount is caught', async () => {
    const a = await start(dir('a1'), { STORAGE_DIR: dir('x'), STORAGE_SHARED: 'true' });
    const msg = await refused(dir('b1'), { STORAGE_DIR: dir('y'), STORAGE_SHARED: 'true' });
    expect(msg).toContain('.storage-id');
    expect(msg).toContain('not see the same directory');
    await stop(a);
  }, 120_000);

  it('with STORAGE_DIR shared and declared, two instances run, and a file uploaded to one is served by the other after the first is killed', async () => {
    const shared = dir('mount');
    const env = { STORAGE_DIR: shared, STORAGE_SHARED: 'true' };
    const a = await start(dir('a2'), env);
    const b = await start(dir('b2'), env);
    const token = await childLogin(a);
    const data = await tenderDocx();
    const { body, contentType } = multipartBody({ file: { name: '招标文件.docx', data }, fields: { bidType: 1 } });
    const up = await api(a, '/btz/bid/upload-tender', { token, body, headers: { 'content-type': contentType } });
    expect(up.json?.success, up.text).toBe(true);
    const bidId = up.json.data.bidId as string;
    const detail = await api(a, '/btz/bid/detail', { token, query: { id: bidId } });
    const fileId = detail.json.data.files[0].id as string;

    a.proc.kill('SIGKILL');
    await a.exited;
    const file = await api(b, '/btz/bid/file', { token, query: { id: bidId, fileId } });
    expect(file.status).toBe(200);
    expect(file.bytes.equals(data)).toBe(true);
    await stop(b);
  }, 120_000);

  it('with STORAGE_DRIVER=s3 two instances share the bucket without STORAGE_SHARED; a file uploaded to one is served by the other after the first is killed; a local-storage instance beside them is refused', async () => {
    // the previous test's killed instance is dead; its row would otherwise stand until it ages out
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query('DELETE FROM server_instances');
    await admin.end();
    const s3 = await startLocalS3({ prefix: 'inst' });
    try {
      const a = await start(dir('a3'), s3.env);
      const b = await start(dir('b3'), s3.env);
      // another instance on its own local directory would lose files: refused, naming the bucket variables
      const msg = await refused(dir('c3'));
      expect(msg).toContain('无法启动');
      expect(msg).toContain('STORAGE_S3_BUCKET');
      expect(msg).toContain(`s3://${new URL(s3.settings.endpoint).host}/${s3.settings.bucket}/inst/`);

      const token = await childLogin(a);
      const data = await tenderDocx();
      const { body, contentType } = multipartBody({ file: { name: '招标文件.docx', data }, fields: { bidType: 1 } });
      const up = await api(a, '/btz/bid/upload-tender', { token, body, headers: { 'content-type': contentType } });
      expect(up.json?.success, up.text).toBe(true);
      const bidId = up.json.data.bidId as string;
      const detail = await api(a, '/btz/bid/detail', { token, query: { id: bidId } });
      const fileId = detail.json.data.files[0].id as string;
      expect(s3.objects()).toContain(createHash('sha256').update(data).digest('hex'));

      a.proc.kill('SIGKILL');
      await a.exited;
      const file = await api(b, '/btz/bid/file', { token, query: { id: bidId, fileId } });
      expect(file.status).toBe(200);
      expect(file.bytes.equals(data)).toBe(true);
      await stop(b);
      expect(s3.rejected).toEqual([]);
    } finally {
      await s3.close();
    }
  }, 180_000);
});
