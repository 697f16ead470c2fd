/**
 * A PostgreSQL cluster and a Redis server of the test's own (fault tests, issue 29): the test stops and starts them
 * under running servers, which it must never do to the shared ones on :5432 and :6379 that other test files use at the
 * same time. PostgreSQL: initdb into a temp directory (as the `postgres` user when the tests run as root, which initdb
 * refuses), its own port on 127.0.0.1. Redis: redis-server on its own port, nothing persisted.
 * These files run in the `api` project only (vitest.config.ts `ownEngine`).
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address() as net.AddressInfo;
      srv.close(() => resolve(addr.port));
    });
  });
}

/** uid/gid of `postgres` when we are root (initdb and postgres refuse root), else nothing. */
function pgUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error('以 root 运行测试时需要系统用户 postgres 来运行 initdb');
  return { uid, gid: id('-g') };
}

export interface OwnPostgres {
  port: number;
  /** a database of its own on this cluster (created now) */
  createDatabase(name: string): Promise<string>;
  /** pg_ctl stop -m fast: sessions are terminated, new connections refused */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'btz-own-pg-'));
  const user = pgUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const opts = { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C.UTF-8' } };
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'], opts);
  const pgOpts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', pgOpts, '-w', '-t', '60', 'start'], opts);
  };
  const stop = async () => {
    await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], opts);
  };
  await start();
  const base = `postgres://postgres@127.0.0.1:${port}`;
  return {
    port,
    async createDatabase(name) {
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      await c.connect();
      await c.query(`CREATE DATABASE ${name}`);
      await c.end();
      return `${base}/${name}`;
    },
    stop,
    start,
    async destroy() {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], opts).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  port: number;
  url: string;
  /** SIGKILL, like a crash: clients see their connections drop and reconnects refused */
  stop(): Promise<void>;
  /** again on the same port (empty: nothing is persisted) */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = async () => {
    const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = p;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 15_000);
      p.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      p.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${out}`));
      });
    });
  };
  const stop = async () => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await gone;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start, destroy: stop };
}
