/**
 * A real server in a child process (tsx, PGlite in `dataDir`) for tests that kill it with SIGKILL and restart it on the
 * same data directory; logging in reads the SMS code from its console log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { CLIENT_BASIC, httpRequest, uniquePhone } from './harness.js';

const serverRoot = path.resolve(import.meta.dirname, '..');

export interface Child {
  proc: ChildProcess;
  lines: string[];
  url: string;
  exited: Promise<number | null>;
}

/** `env` adds to / overrides the child's environment; `startMs`: how long it may take to start (default 60 s). */
export async function startChild(dataDir: string, env: Record<string, string> = {}, opts: { startMs?: number } = {}): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      TOKEN_SECRET: 'recovery-test-secret',
      DATABASE_URL: '',
      LLM_BASE_URL: '',
      JOB_POLL_MS: '50',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buf = '';
  const onData = (c: Buffer) => {
    buf += c.toString('utf8');
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    lines.push(...parts);
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const end = Date.now() + (opts.startMs ?? 60_000);
  for (;;) {
    const hit = lines.map((l) => /已启动：(http:\/\/localhost:\d+)/.exec(l)).find(Boolean);
    if (hit) return { proc, lines, url: hit[1]!.replace('localhost', '127.0.0.1'), exited };
    if (proc.exitCode !== null || Date.now() > end) {
      // a server still starting after the wait would run on, orphaned, holding its data directory
      if (proc.exitCode === null) proc.kill('SIGKILL');
      throw new Error(`child server did not start:\n${lines.slice(-20).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const childApi = (c: Child, p: string, opts: { token?: string; query?: Record<string, string>; body?: Buffer; headers?: Record<string, string> } = {}) =>
  httpRequest<any>(c.url, `/api${p}`, {
    method: 'POST',
    query: opts.query,
    body: opts.body,
    headers: { Authorization: CLIENT_BASIC, ...(opts.token ? { 'Blade-Auth': `bearer ${opts.token}` } : {}), ...(opts.headers ?? {}) },
  });

export async function childLogin(c: Child): Promise<string> {
  const phone = uniquePhone();
  const sent = await childApi(c, '/btz-skip/send-code', { query: { phone } });
  let code = '';
  const end = Date.now() + 5000;
  while (!code && Date.now() < end) {
    for (const l of c.lines) {
      if (!l.includes('"sms"')) continue;
      try {
        const j = JSON.parse(l) as { sms?: { phone: string; code: string } };
        if (j.sms?.phone === phone) code = j.sms.code;
      } catch {
        /* not JSON */
      }
    }
    if (!code) await new Promise((r) => setTimeout(r, 20));
  }
  const res = await childApi(c, '/blade-auth/oauth/token', {
    query: { username: phone, grant_type: 'sms_code', source: '1' },
    headers: { 'Captcha-Key': sent.json.data.key, 'Captcha-Code': code },
  });
  return res.json.access_token as string;
}

