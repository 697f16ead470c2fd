/**
 * nginx (Debian's nginx-light) in front of server instances on loopback, run from the repository's own
 * deploy/nginx.conf: the same file docs/deploy.md installs, with only the instance ports, the listen address and the
 * cache directory put in. Used by the rolling-restart test and the load bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const NGINX_CONF = path.join(repoRoot, 'deploy/nginx.conf');

export const nginxInstalled = (): boolean => existsSync(NGINX);

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address() as net.AddressInfo;
      srv.close(() => resolve(addr.port));
    });
  });
}

/** deploy/nginx.conf with each upstream's server lines replaced by one per port, listening on 127.0.0.1:`listen`. */
export function renderNginxConf(ports: number[], listen: number, cacheDir: string): string {
  const conf = readFileSync(NGINX_CONF, 'utf8');
  let upstreams = 0;
  const out = conf
    .replace(/^([ \t]*server 127\.0\.0\.1:)\d+([^\n]*\n)(?:[ \t]*server 127\.0\.0\.1:\d+[^\n]*\n)*/gm, (_m, head: string, tail: string) => {
      upstreams++;
      return ports.map((p) => `${head}${p}${tail}`).join('');
    })
    .replace(/^([ \t]*)listen 80;/m, `$1listen 127.0.0.1:${listen};`)
    .replace(/proxy_cache_path \S+/, `proxy_cache_path ${cacheDir}`);
  if (upstreams !== 2 || !out.includes(`listen 127.0.0.1:${listen};`)) throw new Error('deploy/nginx.conf: the upstream server lines or `listen 80;` were not found');
  return out;
}

export interface Nginx {
  url: string;
  port: number;
  proc: ChildProcess;
  /** error log lines so far */
  errors(): string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground (its own prefix, pid and logs in a temp folder) and waits until it accepts. */
export async function startNginx(ports: number[], opts: { listen?: number } = {}): Promise<Nginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'btz-nginx-'));
  // nginx's workers run as `nobody` when started by root: its temp and cache folders must be theirs to write
  chmodSync(dir, 0o777);
  for (const d of ['cache', 'body', 'proxy', 'tmp']) {
    mkdirSync(path.join(dir, d));
    chmodSync(path.join(dir, d), 0o777);
  }
  const port = opts.listen ?? (await freePort());
  writeFileSync(path.join(dir, 'biaoshu.conf'), renderNginxConf(ports, port, path.join(dir, 'cache')));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;`,
      `  include ${dir}/biaoshu.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const proc = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const errors = () => out + (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const end = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx did not start:\n${errors()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) break;
    if (Date.now() > end) {
      proc.kill('SIGKILL');
      throw new Error(`nginx did not listen on ${port}:\n${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    proc,
    errors,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
