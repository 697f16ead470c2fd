/**
 * Load benchmark (issue 29, "Load"): autocannon against real server processes, beside a bare Fastify route doing the
 * same database query in the same run — the ratio is the figure, since absolute rps depend on the machine.
 *
 *   npm run bench -- load [--seconds 60] [--connections 100] [--rate 1000] [--cpu-prof DIR]
 *
 * Database: PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set (a scratch database is created on that server and
 * dropped after), else PGlite (one instance only: two processes cannot share a PGlite directory). Redis (TEST_REDIS_URL /
 * REDIS_URL, default redis://127.0.0.1:6379) is used when it answers. Two instances run behind nginx with the
 * repository's deploy/nginx.conf (apps/server/test/nginx.ts) when PostgreSQL and nginx are there, then three.
 * The instances run the production build (`node apps/server/dist/main.js`, as `npm start` and docs/deploy.md do); the
 * bench builds it first when the tree changed since the last build.
 * `--cpu-prof DIR`: the first instance runs with node's --cpu-prof and writes its profile into DIR when it stops.
 *
 * Runs, each `--seconds` long, `--connections` at once (autocannon, keep-alive):
 *  - bare: Fastify + pg.Pool (or PGlite) answering POST /bare/get-info with the query get-info makes for the user
 *    (SELECT … FROM users WHERE tenant_id = $1 AND id = $2), no auth, no hooks;
 *  - get-info on one instance, then on two and on three behind nginx (as many requests as they take);
 *  - mixed on one, two and three: get-info, bid detail, outline save (the outline as read), section save (each connection
 *    a section, sending the revision last got back for it), coupon list, public pages (/robots.txt, /sitemap.xml, the
 *    home page);
 *  - get-info at a fixed `--rate` (default 1000 rps) on two instances (the goal's set-up) and on three: the p99 the goal
 *    is about; the same rate against the bare route and one instance as the machine's own reference.
 * Printed per run: rps, p50, p99 (ms), errors (non-2xx, timeouts, connection errors), refused (HTTP 200 with
 * success:false — e.g. a stale revision), RSS of every server process after the run, CPU per answered request of the
 * serving processes (utime + stime) and of every PostgreSQL process on the machine (so another user of the same
 * PostgreSQL server inflates it); and get-info ÷ bare.
 * `--one`: the bare and single-instance rounds only (get-info, at the rate and mixed), for a quicker look.
 * The section-save rate limit (RATE_LIMIT_SAVE, per user and IP) is lifted for the run: one user on one IP would
 * otherwise measure the limiter.
 */
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { CLIENT_BASIC, httpRequest, multipartBody } from '../apps/server/test/harness.js';
import { tenderDocx } from '../apps/server/test/bid/helpers.js';
import { freePort, nginxInstalled, startNginx, type Nginx } from '../apps/server/test/nginx.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const args = process.argv.slice(2);
const arg = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const argText = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

// ---- the bare route, in its own process (`--bare`) -------------------------------------------------------------------
if (args[0] === '--bare') {
  const Fastify = (await import('fastify')).default;
  const url = process.env.BARE_DATABASE_URL;
  const q = 'SELECT * FROM users WHERE tenant_id = $1 AND id = $2';
  let query: (p: unknown[]) => Promise<unknown[]>;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    query = async (p) => (await pool.query(q, p)).rows;
  } else {
    // PGlite: its own directory (the instance locks its own), migrated by the product's migrations — the same table and
    // index; the user's row is not there (the lookup is the same index probe)
    const { openPGlite } = await import('../apps/server/src/db/connection.js');
    const { migrate } = await import('../apps/server/src/db/migrate.js');
    const handle = await openPGlite({ dir: process.env.BARE_PGLITE_DIR! });
    await migrate(handle);
    const { sql } = await import('kysely');
    query = async (p) => (await sql.raw(q.replace('$1', `'${String(p[0]).replace(/'/g, '')}'`).replace('$2', `'${String(p[1]).replace(/'/g, '')}'`)).execute(handle.db)).rows;
  }
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  app.post('/bare/get-info', async (req) => {
    const { tenant, user } = req.query as { tenant: string; user: string };
    const rows = await query([tenant, user]);
    return { code: 200, success: true, data: rows[0] ?? null, msg: '操作成功' };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as { port: number }).port });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await new Promise(() => undefined);
}

interface Proc {
  name: string;
  proc: ChildProcess;
  url: string;
  /** the instance's log so far (read from its file while someone looks) */
  readonly lines: string[];
  keepLines: boolean;
}

/**
 * A server instance (apps/server/src/main.ts) as production starts it: its log goes to a file, as under systemd or a
 * shell redirect — not into a pipe this process drains, since this process also runs autocannon: a pipe it is slow to
 * drain blocks the instance's synchronous log writes (the bare route logs to /dev/null). Read only until logged in.
 */
async function startInstance(name: string, env: Record<string, string>, opts: { cpuProf?: string } = {}): Promise<Proc> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `btz-load-${name}-`));
  const logFile = path.join(dataDir, 'server.log');
  const fd = openSync(logFile, 'a');
  const prof = opts.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(opts.cpuProf)] : [];
  // the built server, as `npm start` and docs/deploy.md run it (built before the runs when the tree changed)
  const proc = spawn(process.execPath, [...prof, 'dist/main.js'], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', LLM_BASE_URL: '', ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const p: Proc = {
    name,
    proc,
    url: '',
    keepLines: true,
    get lines() {
      if (!p.keepLines) return [];
      try {
        return readFileSync(logFile, 'utf8').split('\n');
      } catch {
        return [];
      }
    },
  };
  proc.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const end = Date.now() + 120_000;
  for (;;) {
    const hit = p.lines.map((l) => /已启动：http:\/\/localhost:(\d+)/.exec(l)).find(Boolean);
    if (hit) {
      p.url = `http://127.0.0.1:${hit[1]}`;
      return p;
    }
    if (proc.exitCode !== null || Date.now() > end) throw new Error(`${name} did not start:\n${p.lines.slice(-20).join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** CPU time a process used so far, in ms (utime + stime of /proc/PID/stat; clock ticks of 10 ms) */
const cpuMs = (pid: number | undefined): number => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
};
/** CPU time every PostgreSQL process on this machine used so far, in ms (the database's share of a run) */
const postgresCpuMs = (): number => {
  let ms = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') ms += cpuMs(Number(d));
    } catch {
      /* gone */
    }
  }
  return ms;
};

const rssMb = (pid: number | undefined): number => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
};

async function redisAnswers(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

// ---- set-up ----------------------------------------------------------------------------------------------------------
const seconds = arg('seconds', 60);
const connections = arg('connections', 100);
const rate = arg('rate', 1000);
const cpuProf = argText('cpu-prof');
const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redis = (await redisAnswers(redisUrl)) ? redisUrl : undefined;
const withNginx = !!baseUrl && nginxInstalled();

let dbName = '';
let databaseUrl = '';
if (baseUrl) {
  dbName = `btz_load_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}

// the instances run the production build (apps/server/dist, `npm start`'s), not the sources through tsx
const { isBuildFresh } = (await import(path.join(root, 'scripts/lib.mjs'))) as { isBuildFresh: () => boolean };
const builtNow = !isBuildFresh();
if (builtNow) {
  const { buildAll } = (await import(path.join(root, 'scripts/build.mjs'))) as { buildAll: (o: { quiet: boolean }) => Promise<void> };
  await buildAll({ quiet: true });
}

const cpus = os.cpus().length;
console.log(
  `负载基准 — 数据库：${baseUrl ? `PostgreSQL（临时库 ${dbName}）` : 'PGlite（仅单实例）'}；Redis：${redis ?? '无'}；` +
    `nginx：${withNginx ? 'deploy/nginx.conf' : baseUrl ? '未安装，跳过多实例' : '跳过多实例（需 PostgreSQL）'}；` +
    `${seconds} s/轮，${connections} 连接，固定速率 ${rate} rps；机器 ${cpus} 核，客户端、服务、nginx 与数据库同机；` +
    `实例运行构建产物 apps/server/dist${builtNow ? '（本次先构建）' : ''}；公开页面：/robots.txt、/sitemap.xml、/；RATE_LIMIT_SAVE 放开`,
);

const storage = mkdtempSync(path.join(os.tmpdir(), 'btz-load-files-'));
const env: Record<string, string> = {
  TOKEN_SECRET: 'load-bench-secret',
  RATE_LIMIT_SAVE: '100000000/60',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, STORAGE_DIR: storage, STORAGE_SHARED: 'true', TRUST_PROXY: '127.0.0.1' } : { DATABASE_URL: '' }),
  ...(redis ? { REDIS_URL: redis, REDIS_PREFIX: `btz-load-${randomBytes(3).toString('hex')}:` } : {}),
};
const procs: Proc[] = [];
let nginx: Nginx | undefined;
let bare: ChildProcess | undefined;
const cleanup = async () => {
  await nginx?.stop().catch(() => undefined);
  bare?.kill('SIGTERM');
  for (const p of procs) if (p.proc.exitCode === null) p.proc.kill('SIGTERM');
  await Promise.all(procs.map((p) => (p.proc.exitCode === null ? new Promise((r) => p.proc.once('exit', r)) : undefined)));
  rmSync(storage, { recursive: true, force: true });
  if (dbName) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
};

try {
  const ports = [await freePort(), await freePort(), await freePort()];
  const one = await startInstance('实例1', { ...env, PORT: String(ports[0]) }, { cpuProf });
  procs.push(one);
  const call = (base: string, p: string, opts: { token?: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {}) =>
    httpRequest<any>(base, `/api${p}`, {
      method: 'POST',
      query: opts.query,
      body: opts.body as never,
      headers: { Authorization: CLIENT_BASIC, ...(opts.token ? { 'Blade-Auth': `bearer ${opts.token}` } : {}), ...(opts.headers ?? {}) },
    });

  // a user with a parsed bid, its outline and a coupon page
  const phone = `139${String(Date.now()).slice(-8)}`;
  const sent = await call(one.url, '/btz-skip/send-code', { query: { phone } });
  let code = '';
  for (let i = 0; !code && i < 200; i++) {
    for (const l of one.lines) if (l.includes('"sms"') && l.includes(phone)) code = (JSON.parse(l) as { sms: { code: string } }).sms.code;
    if (!code) await new Promise((r) => setTimeout(r, 25));
  }
  const login = await call(one.url, '/blade-auth/oauth/token', {
    query: { username: phone, grant_type: 'sms_code', source: '1' },
    headers: { 'Captcha-Key': sent.json.data.key, 'Captcha-Code': code },
  });
  const token = login.json.access_token as string;
  const me = (await call(one.url, '/btz/user/get-info', { token })).json.data;
  const { body, contentType } = multipartBody({ file: { name: '招标文件.docx', data: await tenderDocx() }, fields: { bidType: 1 } });
  const up = await call(one.url, '/btz/bid/upload-tender', { token, body, headers: { 'content-type': contentType } });
  const bidId = up.json.data.bidId as string;
  for (;;) {
    const d = (await call(one.url, '/btz/bid/detail', { token, query: { id: bidId } })).json.data;
    if (d.parse.state === 'done') break;
    if (d.parse.state === 'failed') throw new Error(`parse failed: ${d.parse.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  let outline = (await call(one.url, '/btz/bid/outline/generate', { token, query: { id: bidId } })).json.data;
  outline = (await call(one.url, '/btz/bid/detail', { token, query: { id: bidId } })).json.data.outline ?? outline.nodes ?? outline;
  const nodes = Array.isArray(outline) ? outline : outline.nodes;
  const leaves: string[] = [];
  const walk = (ns: { id: string; isLeaf?: boolean; children?: unknown[] }[]) => {
    for (const n of ns) {
      if (n.children?.length) walk(n.children as never);
      else leaves.push(n.id);
    }
  };
  walk(nodes);
  if (!leaves.length) throw new Error('the bid has no outline leaves');
  one.keepLines = false;

  // ---- the runs ------------------------------------------------------------------------------------------------------
  interface Row {
    name: string;
    rps: number;
    p50: number;
    p99: number;
    errors: number;
    refused: number;
    rss: string;
    cpu: string;
  }
  const rows: Row[] = [];
  // no content-type on the calls without a body: Fastify refuses an empty JSON body (answered 400 in the body)
  const headers = { authorization: CLIENT_BASIC, 'blade-auth': `bearer ${token}` };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  const getInfo = { method: 'POST' as const, path: '/api/btz/user/get-info', headers };
  let nextLeaf = 0;
  const revisions = new Map<string, number>();
  const mixed = (): autocannon.Request[] => [
    getInfo,
    { method: 'POST', path: `/api/btz/bid/detail?id=${bidId}`, headers },
    { method: 'POST', path: `/api/btz/bid/outline/save?id=${bidId}`, headers: jsonHeaders, body: JSON.stringify({ nodes }) },
    {
      method: 'POST',
      path: `/api/btz/bid/section/save?id=${bidId}`,
      headers: jsonHeaders,
      setupRequest: (req, context: Record<string, unknown>) => {
        context.node ??= leaves[nextLeaf++ % leaves.length];
        // connections outnumber the sections: those sharing one send the last revision any of them got back (a save
        // racing another on the same section is still refused as stale — what the product must do — and counted)
        const rev = revisions.get(context.node as string) ?? 0;
        return { ...req, path: `/api/btz/bid/section/save?id=${bidId}&nodeId=${context.node as string}`, body: JSON.stringify({ revision: rev, html: `<p>负载测试段落 ${rev}：项目理解与实施方案。</p>` }) };
      },
      onResponse: (_status, resBody, context: Record<string, unknown>) => {
        try {
          const j = JSON.parse(resBody) as { data?: { revision?: number } };
          if (typeof j.data?.revision === 'number') revisions.set(context.node as string, j.data.revision);
        } catch {
          /* counted by the caller */
        }
      },
    },
    { method: 'POST', path: '/api/btz/coupon/coupon-list?current=1&size=10', headers },
    { method: 'GET', path: '/robots.txt' },
    { method: 'GET', path: '/sitemap.xml' },
    { method: 'GET' as const, path: '/' },
  ];

  const run = async (name: string, url: string, requests: autocannon.Request[], servers: Proc[] | ChildProcess[], opts: { rate?: number } = {}) => {
    let refused = 0;
    const why = new Map<string, number>();
    const counted = requests.map((r) => ({
      ...r,
      onResponse: (status: number, b: string, context: Record<string, unknown>) => {
        r.onResponse?.(status, b, context);
        if (status === 200 && b.startsWith('{"code"') && b.includes('"success":false')) {
          refused++;
          const key = `${(r.path ?? '').split('?')[0]}: ${/"msg":"([^"]*)"/.exec(b)?.[1] ?? ''}`;
          why.set(key, (why.get(key) ?? 0) + 1);
        }
      },
    }));
    const pids = servers.map((s) => ('proc' in s ? s.proc.pid : s.pid));
    const cpu0 = pids.map(cpuMs);
    const pg0 = postgresCpuMs();
    const res = await autocannon({
      url,
      connections: opts.rate ? Math.max(connections, 50) : connections,
      duration: seconds,
      requests: counted,
      ...(opts.rate ? { overallRate: opts.rate } : {}),
    });
    const rss = servers.map((s) => ('proc' in s ? `${s.name} ${rssMb(s.proc.pid)}` : `bare ${rssMb(s.pid)}`)).join('，');
    // CPU per request: what the serving processes and the database spent on each answered request (µs)
    const answered = Math.max(1, res.requests.total);
    const cpuServers = pids.reduce<number>((n, pid, i) => n + (cpuMs(pid) - cpu0[i]!), 0);
    const cpuPg = postgresCpuMs() - pg0;
    const cpu = `CPU/请求 服务 ${Math.round((cpuServers * 1000) / answered)} µs，PostgreSQL ${Math.round((cpuPg * 1000) / answered)} µs`;
    const row: Row = {
      name,
      rps: Math.round(res.requests.average),
      p50: res.latency.p50,
      p99: res.latency.p99,
      errors: res.errors + res.timeouts + res.non2xx,
      refused,
      rss: `${rss} MB`,
      cpu,
    };
    rows.push(row);
    console.log(
      `${name.padEnd(34)} ${String(row.rps).padStart(6)} rps  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  ` +
        `errors ${row.errors}  refused ${row.refused}  RSS ${row.rss}  ${row.cpu}`,
    );
    for (const [k, n] of why) console.log(`    refused ${n}× ${k}`);
    if (row.errors) console.log(`    errors: non-2xx ${res.non2xx}, timeouts ${res.timeouts}, connection errors ${res.errors}`);
    return row;
  };

  // bare: the same database (PostgreSQL scratch database, or a copy of nothing on PGlite: the instance holds its dir)
  const bareEnv: Record<string, string> = { ...process.env, LOG_LEVEL: 'info' } as Record<string, string>;
  if (databaseUrl) bareEnv.BARE_DATABASE_URL = databaseUrl;
  else bareEnv.BARE_PGLITE_DIR = path.join(mkdtempSync(path.join(os.tmpdir(), 'btz-load-bare-')), 'pgdata');
  bare = fork(fileURLToPath(import.meta.url), ['--bare'], { execArgv: ['--import', 'tsx'], env: bareEnv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const barePort = await new Promise<number>((resolve) => bare!.once('message', (m: { port: number }) => resolve(m.port)));
  const tenantId = (me.tenantId ?? me.tenant_id ?? '000000') as string;
  const userId = String(me.id ?? me.userId);
  const bareReq = [{ method: 'POST' as const, path: `/bare/get-info?tenant=${tenantId}&user=${userId}` }];
  const bareRow = await run('bare Fastify + 同一查询', `http://127.0.0.1:${barePort}`, bareReq, [bare]);
  // the same fixed rate against the bare route and one instance: what the machine itself gives at that rate (the client,
  // the database and the scheduler on the same cores), beside what the balancer adds
  const fixed: Row[] = [await run(`bare @ ${rate} rps`, `http://127.0.0.1:${barePort}`, bareReq, [bare], { rate })];
  const oneInfo = await run('get-info，单实例', one.url, [getInfo], [one]);
  fixed.push(await run(`get-info @ ${rate} rps，单实例`, one.url, [getInfo], [one], { rate }));
  await run('混合负载，单实例', one.url, mixed(), [one]);
  const infos: { name: string; row: Row }[] = [{ name: '单实例', row: oneInfo }];
  if (withNginx && !args.includes('--one')) {
    const two = await startInstance('实例2', { ...env, PORT: String(ports[1]) });
    two.keepLines = false;
    procs.push(two);
    nginx = await startNginx(ports.slice(0, 2));
    infos.push({ name: '双实例 + nginx', row: await run('get-info，双实例 + nginx', nginx.url, [getInfo], [one, two]) });
    nextLeaf = 0;
    await run('混合负载，双实例 + nginx', nginx.url, mixed(), [one, two]);
    fixed.push(await run(`get-info @ ${rate} rps，双实例 + nginx`, nginx.url, [getInfo], [one, two], { rate }));
    const three = await startInstance('实例3', { ...env, PORT: String(ports[2]) });
    three.keepLines = false;
    procs.push(three);
    await nginx.stop();
    nginx = await startNginx(ports);
    infos.push({ name: '三实例 + nginx', row: await run('get-info，三实例 + nginx', nginx.url, [getInfo], [one, two, three]) });
    nextLeaf = 0;
    await run('混合负载，三实例 + nginx', nginx.url, mixed(), [one, two, three]);
    fixed.push(await run(`get-info @ ${rate} rps，三实例 + nginx`, nginx.url, [getInfo], [one, two, three], { rate }));
  }

  const ratio = (r: Row) => (r.rps / bareRow.rps).toFixed(2);
  console.log(`\n比值 get-info ÷ bare：${infos.map((i) => `${i.name} ${ratio(i.row)}`).join('，')}（目标 ≥ 0.8，PostgreSQL 双实例）`);
  for (const f of fixed) {
    console.log(`${f.name}：实得 ${f.rps} rps，p99 ${f.p99} ms（目标 ≤ 50 ms，双实例），errors ${f.errors}（目标 0，60 s；本轮 ${seconds} s）`);
  }
  const errs = rows.reduce((n, r) => n + r.errors, 0);
  console.log(`全部轮次 errors 合计 ${errs}`);
} finally {
  await cleanup();
}
