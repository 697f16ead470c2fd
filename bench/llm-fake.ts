/**
 * LLM client benchmark (issue 5): N concurrent streams through OpenAiCompatibleLlm against the fake OpenAI-compatible
 * server at 50 tokens/s per stream, beside the ideal (zero-overhead makespan at the same concurrency).
 *
 *   node --import tsx bench/llm-fake.ts [--streams 10,40] [--concurrency 10] [--tokens 500] [--rate 50]
 *
 * The fake runs in a child process so its timers do not share the client's event loop.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};

if (args.includes('--child')) {
  const { startFakeOpenAi } = await import('../packages/bid-engine/test/fakes/openai-server.js');
  const fake = await startFakeOpenAi({ tokensPerSecond: Number(process.env.BENCH_RATE), reply: process.env.BENCH_REPLY });
  process.send?.({ url: fake.url });
  process.on('message', async () => {
    process.send?.({ maxInFlight: fake.stats.maxInFlight });
    await fake.close();
    process.exit(0);
  });
} else {
  const { OpenAiCompatibleLlm } = await import('../apps/server/src/providers/llm/index.js');
  const streamsList = arg('streams', '10,40').split(',').map(Number);
  const concurrency = Number(arg('concurrency', '10'));
  const tokens = Number(arg('tokens', '500'));
  const rate = Number(arg('rate', '50'));
  const reply = '标'.repeat(tokens); // one token per CJK character in the fake

  const child = fork(fileURLToPath(import.meta.url), ['--child'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_RATE: String(rate), BENCH_REPLY: reply },
  });
  const hardStop = setTimeout(() => {
    console.error('超时：基准测试超过 10 分钟，已停止');
    child.kill();
    process.exit(1);
  }, 10 * 60_000);
  const url = await new Promise<string>((resolve) => child.once('message', (m: any) => resolve(m.url)));

  console.log(`fake LLM ${rate} tokens/s per stream, ${tokens} tokens per answer, client concurrency ${concurrency}`);
  console.log('streams | wall s | ideal s | ratio | first token avg ms | tokens/s total | ideal tokens/s');
  for (const n of streamsList) {
    const llm = new OpenAiCompatibleLlm({ baseUrl: url, model: 'fake', concurrency });
    const t0 = performance.now();
    const firsts: number[] = [];
    const results = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        let first = 0;
        const r = await llm.chat({
          messages: [{ role: 'user', content: `第 ${i} 节` }],
          onDelta: () => {
            if (!first) first = performance.now() - t0;
          },
        });
        firsts.push(first);
        return r;
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    const ideal = Math.ceil(n / concurrency) * (tokens / rate);
    const total = results.reduce((s, r) => s + r.usage.completion, 0);
    const bad = results.filter((r) => r.text.length !== tokens).length;
    const firstAvg = firsts.slice(0, Math.min(n, concurrency)).reduce((a, b) => a + b, 0) / Math.min(n, concurrency);
    console.log(
      [
        String(n).padStart(7),
        wall.toFixed(2).padStart(6),
        ideal.toFixed(2).padStart(7),
        (wall / ideal).toFixed(3).padStart(5),
        firstAvg.toFixed(1).padStart(18),
        (total / wall).toFixed(0).padStart(14),
        ((n * tokens) / ideal).toFixed(0).padStart(14),
      ].join(' | ') + (bad ? `  (${bad} incomplete answers!)` : ''),
    );
  }
  child.send('stop');
  const stats = await new Promise<any>((resolve) => child.once('message', resolve));
  console.log(`fake saw at most ${stats.maxInFlight} requests at once (limit ${concurrency})`);
  clearTimeout(hardStop);
}
