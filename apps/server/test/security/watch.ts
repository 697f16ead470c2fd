/**
 * Watching a server stay responsive while it works on something hostile: polls `/healthz` and one normal API call,
 * each in a loop of its own, and records how long each answer took and the longest silence between two answers of one
 * loop (a blocked event loop shows as both). No vitest here: the hostile bench uses it too.
 */
import { readFileSync } from 'node:fs';
import { httpRequest, CLIENT_BASIC } from '../harness.js';

export interface Watch {
  /** stops polling; resolves with every latency (ms) of /healthz and of the API call, and the longest gap (ms) */
  stop(): Promise<{ healthz: number[]; api: number[]; maxGap: number; failures: string[] }>;
}

/** `apiPath` is POSTed the way the web client does, with `token`. The two are polled by two loops of their own. */
export function watchServer(baseUrl: string, opts: { token?: string; apiPath?: string; query?: Record<string, string>; everyMs?: number } = {}): Watch {
  const failures: string[] = [];
  let maxGap = 0;
  let running = true;
  const poll = async (call: () => Promise<string | null>, out: number[]) => {
    let last = performance.now();
    while (running) {
      const t0 = performance.now();
      try {
        const bad = await call();
        if (bad) failures.push(bad);
      } catch (e) {
        failures.push((e as Error).message);
      }
      const now = performance.now();
      out.push(now - t0);
      maxGap = Math.max(maxGap, now - last);
      last = now;
      await new Promise((r) => setTimeout(r, opts.everyMs ?? 50));
    }
  };
  const healthz: number[] = [];
  const api: number[] = [];
  const loops = [
    poll(async () => {
      const h = await httpRequest<any>(baseUrl, '/healthz');
      return h.status === 200 && h.json?.status === 'ok' ? null : `healthz ${h.status} ${h.text.slice(0, 200)}`;
    }, healthz),
  ];
  if (opts.apiPath) {
    const apiPath = opts.apiPath;
    loops.push(
      poll(async () => {
        const r = await httpRequest<any>(baseUrl, `/api${apiPath}`, {
          method: 'POST',
          query: opts.query,
          headers: { Authorization: CLIENT_BASIC, 'Blade-Requested-With': 'BladeHttpRequest', ...(opts.token ? { 'Blade-Auth': `bearer ${opts.token}` } : {}) },
        });
        return r.json?.success === true ? null : `${apiPath}: ${r.text.slice(0, 200)}`;
      }, api),
    );
  }
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { healthz, api, maxGap, failures };
    },
  };
}

/** p50 / p99 / max of latencies, in ms. */
export function percentiles(xs: number[]): { n: number; p50: number; p99: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? 0 };
}

/** Peak and current resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: Math.round(kb('VmHWM') / 1024), now: Math.round(kb('VmRSS') / 1024) };
}
