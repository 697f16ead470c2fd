/**
 * Realtime benchmark (issue 3): memory per idle STOMP session and publish → deliver latency.
 *
 *   node --import tsx bench/realtime.ts [--sessions 1000,5000,10000] [--redis [url]] [--messages 2000]
 *
 * The server (http.Server + attachRealtime, fake token check) runs in a child process so its memory is measured
 * alone; this process drives raw-WebSocket STOMP clients (the cheapest client) over loopback. Every session sends
 * CONNECT with heart-beat 10000,10000 and subscribes its own `/user/{id}/notice`, like the browser does.
 * Stops by itself (hard limit 5 minutes).
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const HARD_LIMIT_MS = 5 * 60_000;
const now = () => performance.timeOrigin + performance.now(); // comparable across processes on one machine

type ServerCmd =
  | { op: 'mem' }
  | { op: 'publish'; userIds: number[]; gapMs: number }
  | { op: 'stats' }
  | { op: 'stop' };

// ---------------------------------------------------------------- server side (child process)

async function runServer(): Promise<void> {
  const { attachRealtime } = await import('../apps/server/src/realtime/server.js');
  const server = http.createServer((_q, r) => r.writeHead(404).end());
  const rt = attachRealtime(server, {
    authenticate: async (token) => ({ userId: token.slice(1), tenantId: '000000', sessionId: token, expiresAt: Date.now() + 3_600_000 }),
    redisUrl: process.env['BENCH_REDIS_URL'] || undefined,
    channelPrefix: `bench:${process.pid}:`,
    logger: { info() {}, warn: console.warn, error: console.error },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await rt.ready();
  const gc = (globalThis as { gc?: () => void }).gc;
  process.send?.({ op: 'ready', port: (server.address() as AddressInfo).port });
  process.on('message', async (raw) => {
    const cmd = raw as ServerCmd;
    if (cmd.op === 'mem') {
      for (let i = 0; i < 3; i++) {
        gc?.();
        await new Promise((r) => setTimeout(r, 50));
      }
      process.send?.({ op: 'mem', ...process.memoryUsage() });
    } else if (cmd.op === 'publish') {
      for (const id of cmd.userIds) {
        await rt.publish(String(id), 'dm.count', { count: 1, t: now() });
        if (cmd.gapMs > 0) await new Promise((r) => setTimeout(r, cmd.gapMs));
      }
      process.send?.({ op: 'published' });
    } else if (cmd.op === 'stats') {
      process.send?.({ op: 'stats', ...rt.stats() });
    } else {
      await rt.close();
      server.closeAllConnections();
      server.close();
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------- driver (this process)

interface Mem {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

class ServerProc {
  private waiters = new Map<string, (msg: Record<string, unknown>) => void>();
  port = 0;
  constructor(readonly child: ChildProcess) {
    child.on('message', (msg: Record<string, unknown>) => {
      const w = this.waiters.get(msg['op'] as string);
      if (w) {
        this.waiters.delete(msg['op'] as string);
        w(msg);
      }
    });
  }
  wait(op: string): Promise<Record<string, unknown>> {
    return new Promise((r) => this.waiters.set(op, r));
  }
  async call(cmd: ServerCmd, reply: string): Promise<Record<string, unknown>> {
    const p = this.wait(reply);
    this.child.send(cmd);
    return p;
  }
  async mem(): Promise<Mem> {
    return (await this.call({ op: 'mem' }, 'mem')) as unknown as Mem;
  }
}

async function startServerProc(redisUrl?: string): Promise<ServerProc> {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_REDIS_URL: redisUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const proc = new ServerProc(child);
  const ready = await proc.wait('ready');
  proc.port = ready['port'] as number;
  return proc;
}

/** One idle browser-like session: raw WebSocket, CONNECT, SUBSCRIBE own notice queue, confirmed by RECEIPT. */
function openSession(port: number, userId: number, onMessage: (body: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws-btz/websocket`, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error(`session ${userId} timed out`)), 20_000);
    ws.on('open', () => {
      ws.send(`CONNECT\naccept-version:1.2\nheart-beat:10000,10000\nBlade-Auth:Bearer u${userId}\n\n\0`);
      ws.send(`SUBSCRIBE\nid:sub-0\ndestination:/user/${userId}/notice\nreceipt:r\n\n\0`);
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (text.startsWith('RECEIPT')) {
        clearTimeout(timer);
        resolve(ws);
      } else if (text.startsWith('MESSAGE')) {
        onMessage(text.slice(text.indexOf('\n\n') + 2, text.lastIndexOf('\0')));
      } else if (text.startsWith('ERROR')) {
        reject(new Error(text));
      }
    });
    ws.on('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function measureLatency(proc: ServerProc, sessions: number, messages: number, latencies: number[]): Promise<string> {
  latencies.length = 0;
  const ids = Array.from({ length: messages }, () => 1 + Math.floor(Math.random() * sessions));
  const start = Date.now();
  await proc.call({ op: 'publish', userIds: ids, gapMs: 1 }, 'published');
  const deadline = Date.now() + 5_000;
  while (latencies.length < messages && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const took = (Date.now() - start) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return (
    `${latencies.length}/${messages} delivered in ${took.toFixed(1)} s (~${Math.round(messages / took)}/s): ` +
    `p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(2)} ms`
  );
}

async function runDriver(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? (process.argv[i + 1] ?? '') : undefined;
  };
  const steps = (arg('--sessions') ?? '1000,5000,10000').split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b);
  const messages = Number(arg('--messages') ?? 2000);
  const redisArg = arg('--redis');
  const redisUrl = redisArg === undefined ? undefined : redisArg && !redisArg.startsWith('--') ? redisArg : 'redis://127.0.0.1:6379';

  const hard = setTimeout(() => {
    console.error('bench: hard time limit reached, stopping');
    process.exit(2);
  }, HARD_LIMIT_MS);
  hard.unref();

  console.log(`realtime bench — node ${process.version}, relay: ${redisUrl ? `redis (${redisUrl})` : 'in-process'}`);
  const proc = await startServerProc(redisUrl);
  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  const onMessage = (body: string) => {
    const t = (JSON.parse(body) as { data: { t: number } }).data.t;
    latencies.push(now() - t);
  };
  // Client heart-beats: one timer for all sockets, every 10 s as negotiated.
  const beat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('\n');
  }, 10_000);

  try {
    // Warm-up: load every code path once so the baseline is not inflated by lazy compilation.
    const warm = await Promise.all(Array.from({ length: 50 }, (_, i) => openSession(proc.port, 900_000 + i, () => {})));
    for (const ws of warm) ws.close();
    await new Promise((r) => setTimeout(r, 500));
    const base = await proc.mem();
    console.log(`baseline server: rss ${mb(base.rss)} MiB, heap ${mb(base.heapUsed)} MiB`);

    let userId = 0;
    for (const target of steps) {
      const t0 = Date.now();
      while (sockets.length < target) {
        const batch = Math.min(250, target - sockets.length);
        const opened = await Promise.all(Array.from({ length: batch }, () => openSession(proc.port, ++userId, onMessage)));
        sockets.push(...opened);
      }
      const openSecs = (Date.now() - t0) / 1000;
      await new Promise((r) => setTimeout(r, 300));
      const m = await proc.mem();
      const stats = await proc.call({ op: 'stats' }, 'stats');
      const n = sockets.length;
      const external = m.external - base.external;
      console.log(
        `${n} idle sessions (server counts ${stats['sessions'] as number}; opened in ${openSecs.toFixed(1)} s): ` +
          `server rss ${mb(m.rss)} MiB, heap ${mb(m.heapUsed)} MiB — per session: ` +
          `rss ${kb((m.rss - base.rss) / n)} KiB, heap ${kb((m.heapUsed - base.heapUsed) / n)} KiB, external ${kb(external / n)} KiB`,
      );
      if (n === 1000 || (target === steps[0] && n < 1000)) {
        console.log(`  latency at ${n} sessions (${messages} publishes, 1 ms apart): ${await measureLatency(proc, n, messages, latencies)}`);
      }
    }
    const top = sockets.length;
    if (top !== 1000) console.log(`  latency at ${top} sessions (${messages} publishes, 1 ms apart): ${await measureLatency(proc, top, messages, latencies)}`);
    const m = await proc.mem();
    const projected = base.rss + ((m.rss - base.rss) / top) * 10_000;
    console.log(`projected server rss at 10000 sessions: ${mb(projected)} MiB (goal ≤ 1024 MiB)`);
  } finally {
    clearInterval(beat);
    for (const ws of sockets) ws.terminate();
    proc.child.send({ op: 'stop' });
    await new Promise((r) => setTimeout(r, 300));
    if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  }
}

if (process.argv.includes('--server')) {
  void runServer();
} else {
  runDriver().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
