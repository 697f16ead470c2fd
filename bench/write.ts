/**
 * Writing benchmark (issue 6 item 8): a flagship bid of ~100,000 characters written by the real server (in this process,
 * fresh PGlite in a temp DATA_DIR) against the fake OpenAI-compatible model at 50 tokens/s per stream, LLM_CONCURRENCY 10.
 *
 *   npm run bench -- write [--chars 100000] [--concurrency 10] [--rate 50] [--quick]   (--quick = 20,000 chars)
 *
 * Prints (a) wall time from POST /btz/bid/write/start until every section is written vs the ideal — the makespan with zero
 * overhead (TECH-NOTES.md "Benchmarks"): the sections' streamed token counts ÷ rate, scheduled longest first (LPT) on
 * `concurrency` streams; (b) input tokens per output character and the prefix-cache share of the section requests;
 * (c) the .docx export time of the written bid. Plus where the gap to the ideal went (start latency, hand-off gaps, order).
 *
 * The fake runs in a child process (as bench/llm-fake.ts) so its timers do not share the server's event loop. The tender
 * is parsed through the fake too (the bid's writer is decided at parse time), unpaced; only writing is paced.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};

/** What the child reports of one section request. */
interface SectionCall {
  index: number;
  /** the section's place in the outline (its 所在位置 line; titles may repeat across chapters) */
  title: string;
  extension: boolean;
  target: number;
  prompt: number;
  cached: number;
  completion: number;
  sent: number;
  receivedAt: number;
  finishedAt: number;
  status: number;
  aborted: boolean;
  finishReason: string;
}

const SECTION_TASK = /请编写章节「([^」]*)」/;

if (args.includes('--child')) {
  // ------------------------------------------------------------------------------------------------ the fake model
  const { startFakeOpenAi } = await import('../packages/bid-engine/test/fakes/openai-server.js');
  const { buildTenderDocx } = await import('../packages/bid-engine/test/fixtures/build.js');
  const { readDocument } = await import('../packages/bid-engine/src/reading/index.js');
  const { extractCard } = await import('../packages/bid-engine/src/tender/card.js');
  const { oracleAnswer } = await import('../packages/bid-engine/test/fakes/llm-oracle.js');
  const { taskIdOf } = await import('../packages/bid-engine/src/tender/llm/llm-tasks.js');
  const { markdownChars } = await import('../packages/bid-engine/src/writer/llm-section.js');

  const read = await readDocument(await buildTenderDocx());
  const files = [{ name: '招标文件.docx', role: 'main' as const, order: 1, pages: read.pages, chapters: read.chapters }];
  const rule = extractCard(files);

  const SENTENCES = [
    '我公司将严格按照招标文件要求组织实施，确保各项指标全部满足或优于采购需求。',
    '项目组设专职负责人，明确岗位职责与协作流程，建立周例会和月度汇报制度。',
    '关键工序实行旁站检查并留存记录，发现偏差立即分析原因并落实整改措施。',
    '进度计划按全局事实表的里程碑编制，每周对照基线进行偏差分析并及时纠偏。',
    '所有人员上岗前接受安全与保密教育，现场作业严格执行操作规程和检查制度。',
    '我方提供全天候技术支持，接到采购人通知后按承诺时限响应并到场处理问题。',
    '针对可能出现的风险，我方制定分级应对预案，定期组织演练并持续改进完善。',
    '交付前我方提交完整的技术资料与检测记录，积极配合采购人完成各项验收工作。',
  ];
  const HEADS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
  /** Chinese Markdown of about `target` bid characters (a compliant model's answer: no trimming, no extra round). */
  const sectionText = (title: string, target: number, seed: number): string => {
    const parts: string[] = [];
    let chars = 0;
    let head = 0;
    let para = '';
    let k = seed;
    const flush = () => {
      if (para) parts.push(para);
      para = '';
    };
    for (;;) {
      if (para === '' && (parts.length === 0 || parts.length % 4 === 0) && head < HEADS.length) {
        const h = `### ${HEADS[head++]}、${title.slice(0, 12)}的${['总体思路', '主要措施', '过程控制', '保障措施', '检查与改进'][head % 5]}`;
        const c = markdownChars(h);
        if (chars + c > target) break;
        parts.push(h);
        chars += c;
      }
      const s = SENTENCES[k++ % SENTENCES.length]!;
      const c = markdownChars(s);
      if (chars + c > target) break;
      para += s;
      chars += c;
      if (para.length > 160) flush();
    }
    flush();
    return parts.join('\n\n');
  };

  const calls: SectionCall[] = [];
  const fake = await startFakeOpenAi({
    tokensPerSecond: Infinity, // the parse runs unpaced; the parent switches to the benchmark rate before writing
    reply: (req) => {
      const id = taskIdOf(req.messages);
      if (id) return JSON.stringify(oracleAnswer(id, rule, files));
      const last = req.messages[req.messages.length - 1]?.content ?? '';
      const task = req.messages.map((m) => SECTION_TASK.exec(m.content)).find(Boolean);
      const title = task?.[1] ?? '本节';
      const more = /继续补充约\s*(\d+)\s*字/.exec(last);
      const target = Number(more?.[1] ?? /篇幅：约\s*(\d+)\s*字/.exec(last)?.[1] ?? 1000);
      return sectionText(title, target, req.index);
    },
  });
  process.send?.({ url: fake.url });
  process.on('message', async (m: any) => {
    if (m.type === 'pace') {
      fake.options.tokensPerSecond = m.rate;
      process.send?.({ type: 'paced' });
    } else if (m.type === 'stats') {
      for (const r of fake.requests) {
        const task = r.messages.map((x) => SECTION_TASK.exec(x.content)).find(Boolean);
        if (!task) continue;
        const last = r.messages[r.messages.length - 1]?.content ?? '';
        const extension = /继续补充约/.test(last);
        const where = r.messages.map((x) => /- 所在位置：(.*)/.exec(x.content)).find(Boolean);
        calls.push({
          index: r.index,
          title: where?.[1] ?? task[1]!,
          extension,
          target: Number((extension ? /继续补充约\s*(\d+)/ : /篇幅：约\s*(\d+)/).exec(last)?.[1] ?? 0),
          prompt: r.usage?.prompt ?? 0,
          cached: r.usage?.cached ?? 0,
          completion: r.usage?.completion ?? 0,
          sent: r.sentTokens,
          receivedAt: r.receivedAt,
          finishedAt: r.finishedAt ?? 0,
          status: r.status ?? 0,
          aborted: r.aborted,
          finishReason: r.finishReason ?? '',
        });
      }
      process.send?.({ type: 'stats', calls, maxInFlight: fake.stats.maxInFlight, total: fake.requests.length });
    } else if (m.type === 'stop') {
      await fake.close();
      process.exit(0);
    }
  });
} else {
  // ------------------------------------------------------------------------------------------------ the benchmark
  const quick = args.includes('--quick');
  const targetTotal = Number(arg('chars', quick ? '20000' : '100000'));
  const concurrency = Number(arg('concurrency', '10'));
  const rate = Number(arg('rate', '50'));
  const CHARS_PER_PAGE = 800;

  let child: ChildProcess | undefined;
  let server: import('../apps/server/src/server.js').RunningServer | undefined;
  let dataDir: string | undefined;
  const cleanup = async () => {
    await server?.close().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (child && child.exitCode === null) child.kill();
  };
  const fail = async (why: string) => {
    console.error(`失败 / FAILED: ${why}`);
    await cleanup();
    process.exit(1);
  };
  const hardStop = setTimeout(() => void fail('基准测试超过 10 分钟，已停止 (hard stop after 10 minutes)'), 10 * 60_000);

  try {
    const { testConfig } = await import('../apps/server/test/test-config.js');
    const { startServer } = await import('../apps/server/src/server.js');
    const { buildTenderDocx } = await import('../packages/bid-engine/test/fixtures/build.js');
    const { leavesOf, FORM_GUIDE_CHARS } = await import('../apps/server/src/modules/bid/writing/sections.js');
    type Node = import('@btz/shared').BidOutlineNode;

    child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'] });
    const messages: any[] = [];
    const waiters: ((m: any) => void)[] = [];
    child.on('message', (m) => (waiters.length ? waiters.shift()!(m) : messages.push(m)));
    child.on('exit', (code) => {
      if (code) void fail(`fake LLM child exited with ${code}`);
    });
    const nextMessage = () => new Promise<any>((resolve) => (messages.length ? resolve(messages.shift()) : waiters.push(resolve)));
    const fakeUrl = ((await nextMessage()) as { url: string }).url;

    // the server, configured the way apps/server/test/harness.ts startTestServer does
    const smsLines: string[] = [];
    let logLines = 0;
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        for (const l of String(chunk).split('\n')) {
          if (!l) continue;
          logLines++;
          if (l.includes('"sms"')) smsLines.push(l);
        }
        cb();
      },
    });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bench-write-'));
    const config = testConfig(dataDir, {
      jobPollMs: 50,
      llmBaseUrl: `${fakeUrl}/v1`,
      llmModel: 'fake-model',
      llmApiKey: 'k',
      llmConcurrency: concurrency,
    });
    server = await startServer(config, { logStream: logStream as unknown as import('pino').DestinationStream });
    const base = server.url;
    const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;

    let token = '';
    const call = async (p: string, o: { query?: Record<string, string | number>; body?: unknown; form?: FormData; headers?: Record<string, string> } = {}) => {
      const u = new URL(`/api${p}`, base);
      for (const [k, v] of Object.entries(o.query ?? {})) u.searchParams.set(k, String(v));
      const headers: Record<string, string> = { Authorization: basic, 'Blade-Requested-With': 'BladeHttpRequest', ...(o.headers ?? {}) };
      if (token) headers['Blade-Auth'] = `bearer ${token}`;
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(u, { method: 'POST', headers, body: o.form ?? (o.body !== undefined ? JSON.stringify(o.body) : undefined) });
      return res;
    };
    const api = async (p: string, o: Parameters<typeof call>[1] = {}) => {
      const res = await call(p, o);
      const text = await res.text();
      let json: any;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error(`${p}: HTTP ${res.status} ${text.slice(0, 300)}`);
      }
      if (json.success === false || (res.status >= 400 && !json.access_token)) throw new Error(`${p}: ${text.slice(0, 300)}`);
      return json;
    };

    // login with the SMS code the console provider logs (as harness t.login)
    const phone = `139${String(Date.now() % 1e8).padStart(8, '0')}`;
    const sent = await api('/btz-skip/send-code', { query: { phone } });
    const codeLine = smsLines.map((l) => JSON.parse(l) as { sms?: { phone: string; code: string } }).find((j) => j.sms?.phone === phone);
    if (!codeLine) throw new Error('no SMS code logged');
    const tok = await api('/blade-auth/oauth/token', {
      query: { username: phone, grant_type: 'sms_code', source: 1 },
      headers: { 'Captcha-Key': sent.data.key, 'Captcha-Code': codeLine.sms!.code },
    });
    token = tok.access_token;

    // a flagship bid of the generated tender, parsed through the (unpaced) fake
    const tSetup = performance.now();
    const form = new FormData();
    form.set('bidType', '2');
    form.set('file', new Blob([new Uint8Array(await buildTenderDocx())]), '招标文件.docx');
    const bidId: string = (await api('/btz/bid/upload-tender', { form })).data.bidId;
    let d: any;
    for (const end = Date.now() + 120_000; ; ) {
      d = (await api('/btz/bid/detail', { query: { id: bidId } })).data;
      if (d.parse.state === 'done' || d.parse.state === 'failed') break;
      if (Date.now() > end) throw new Error(`parse not finished: ${JSON.stringify(d.parse)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    if (d.parse.state !== 'done') throw new Error(`parse failed: ${JSON.stringify(d.parse)}`);
    if (d.writer !== 'llm') throw new Error(`the bid's writer is ${d.writer}, not llm`);
    if (!d.outline?.length) d = (await api('/btz/bid/outline/generate', { query: { id: bidId } })).data ?? d;
    if (!d.outline?.length) d = (await api('/btz/bid/detail', { query: { id: bidId } })).data;
    const generated: Node[] = d.outline;

    // scale the 'ai' leaves so that every leaf's writing target adds up to targetTotal (forms / tables get the guide)
    const leaves0 = leavesOf(generated, 2);
    const guided = leaves0.filter((l) => l.targetChars === 0).length * FORM_GUIDE_CHARS;
    const aiSum = leaves0.reduce((s, l) => s + l.targetChars, 0);
    const generatedTotal = aiSum + guided;
    if (targetTotal - guided < leaves0.filter((l) => l.targetChars > 0).length * 100) throw new Error(`--chars ${targetTotal} is too small for ${leaves0.length} sections`);
    const factor = (targetTotal - guided) / aiSum;
    const scaled = new Map<string, number>();
    let acc = 0;
    let given = 0;
    for (const l of leaves0.filter((x) => x.targetChars > 0)) {
      acc += l.targetChars * factor;
      const v = Math.round(acc) - given; // cumulative rounding: the sum is exact
      scaled.set(l.node.id, v);
      given += v;
    }
    const rescale = (nodes: Node[]): Node[] =>
      nodes.map((n) => ({ ...n, ...(scaled.has(n.id) ? { targetChars: scaled.get(n.id)! } : {}), children: rescale(n.children ?? []) }));
    await api('/btz/bid/outline/save', { query: { id: bidId }, body: { nodes: rescale(generated) } });
    d = (await api('/btz/bid/detail', { query: { id: bidId } })).data;
    const leaves = leavesOf(d.outline, 2);
    const plannedTotal = leaves.reduce((s, l) => s + (l.targetChars || FORM_GUIDE_CHARS), 0);

    // one flagship copy through the sandbox payment
    const order = (await api('/btz/bid-order/pay-order', { query: { optionId: '000000-copy-flagship', number: 1 } })).data;
    const paid = await fetch(new URL(new URL(order.codeUrl).pathname, base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    if (paid.status >= 400) throw new Error(`sandbox payment: HTTP ${paid.status}`);
    const info = (await api('/btz/user/get-info')).data;
    if (!(info.flagshipBidNumber >= 1)) throw new Error(`no flagship copy after payment: ${JSON.stringify(info).slice(0, 200)}`);
    const setupS = (performance.now() - tSetup) / 1000;

    // ---------------------------------------------------------------------------------------------- (a) writing
    child.send({ type: 'pace', rate });
    await nextMessage();
    console.log(
      `fake LLM ${rate} tokens/s per stream, LLM_CONCURRENCY ${concurrency}; ${leaves.length} sections, planned ${plannedTotal.toLocaleString('en')} chars ` +
        `(generated outline ${generatedTotal.toLocaleString('en')}, ×${factor.toFixed(2)} on 'ai' leaves); setup ${setupS.toFixed(1)} s`,
    );
    const startWall = Date.now();
    const t0 = performance.now();
    await api('/btz/bid/write/start', { query: { id: bidId } });
    let p: any;
    let polls = 0;
    for (;;) {
      p = (await api('/btz/bid/write/progress', { query: { id: bidId } })).data;
      polls++;
      if (p.status !== 'writing' && p.running === 0 && p.queued === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const wall = (performance.now() - t0) / 1000;
    if (p.failed || p.done !== p.total) throw new Error(`writing ended with ${p.done}/${p.total} written, ${p.failed} failed, ${p.cancelled} cancelled`);
    const chars: number = p.sections.reduce((s: number, x: { chars: number }) => s + x.chars, 0);
    const rows = await server.db.db.selectFrom('bid_sections').select(['node_id', 'chars', 'target_chars', 'written_at']).where('bid_id', '=', bidId).execute();
    const lastWritten = Math.max(...rows.map((r) => (r.written_at ? new Date(r.written_at as unknown as string).getTime() : 0)));

    child.send({ type: 'stats' });
    const stats = (await nextMessage()) as { calls: SectionCall[]; maxInFlight: number };
    const calls = stats.calls.filter((c) => c.receivedAt >= startWall - 5);
    const byTitle = new Map<string, number>();
    for (const c of calls) byTitle.set(c.title, (byTitle.get(c.title) ?? 0) + c.sent / rate);
    // ideal: each section's streamed tokens at `rate`, LPT on `concurrency` streams (TECH-NOTES.md "Benchmarks")
    const listSchedule = (durations: number[]) => {
      const slots = new Array(Math.min(concurrency, Math.max(1, durations.length))).fill(0) as number[];
      for (const x of durations) {
        let i = 0;
        for (let k = 1; k < slots.length; k++) if (slots[k]! < slots[i]!) i = k;
        slots[i]! += x;
      }
      return Math.max(...slots);
    };
    const durations = [...byTitle.values()];
    const ideal = listSchedule([...durations].sort((a, b) => b - a));
    const inOrder = [...calls].sort((a, b) => a.receivedAt - b.receivedAt);
    const claimedOrder = listSchedule(inOrder.filter((c) => !c.extension).map((c) => byTitle.get(c.title)!));
    const streamedTokens = calls.reduce((s, c) => s + c.sent, 0);

    // where the time went
    const firstReq = (inOrder[0]!.receivedAt - startWall) / 1000;
    const firstBatch = inOrder.slice(0, concurrency).map((c) => (c.receivedAt - startWall) / 1000);
    const finishes = [...calls].map((c) => c.finishedAt).sort((a, b) => a - b);
    const gaps = inOrder.slice(concurrency).map((c, i) => (c.receivedAt - finishes[i]!) / 1000);
    const meanGap = gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 0;
    const maxGap = gaps.length ? Math.max(...gaps) : 0;
    const tail = (startWall + wall * 1000 - finishes[finishes.length - 1]!) / 1000;
    const tailDb = (lastWritten - finishes[finishes.length - 1]!) / 1000;
    const streamSlow = calls.reduce((s, c) => s + (c.finishedAt - c.receivedAt) / 1000 - c.sent / rate, 0) / calls.length;
    const busy = calls.reduce((s, c) => s + (c.finishedAt - c.receivedAt) / 1000, 0);
    // per-section phases from the server's own rows (jobs.locked_at = claim, bid_sections.written_at = save, jobs.updated_at = done)
    const jobs = await server.db.db
      .selectFrom('jobs')
      .select(['payload', 'locked_at', 'updated_at'])
      .where('kind', '=', 'write-section')
      .where('ref_id', '=', bidId)
      .execute();
    const ms = (v: unknown) => (v ? new Date(v as string).getTime() : NaN);
    const placeOf = new Map(leaves.map((l) => [l.node.id, l.parentTitles.length ? [...l.parentTitles, l.node.title].join(' > ') : l.node.title]));
    const writtenAt = new Map(rows.map((r) => [r.node_id, ms(r.written_at)]));
    const firstCall = new Map<string, SectionCall>();
    const lastCall = new Map<string, SectionCall>();
    for (const c of inOrder) {
      if (!firstCall.has(c.title)) firstCall.set(c.title, c);
      lastCall.set(c.title, c);
    }
    const phases = jobs.map((j) => {
      const nodeId = String((j.payload as { nodeId?: string }).nodeId);
      const place = placeOf.get(nodeId) ?? '';
      return {
        claim: ms(j.locked_at),
        request: firstCall.get(place)?.receivedAt ?? NaN,
        streamEnd: lastCall.get(place)?.finishedAt ?? NaN,
        saved: writtenAt.get(nodeId) ?? NaN,
        done: ms(j.updated_at),
      };
    });
    const avg = (xs: number[]) => {
      const ok = xs.filter((x) => Number.isFinite(x));
      return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : NaN;
    };
    const claimToRequest = avg(phases.map((x) => x.request - x.claim));
    const endToSaved = avg(phases.map((x) => x.saved - x.streamEnd));
    const savedToDone = avg(phases.map((x) => x.done - x.saved));
    const claims = phases.map((x) => x.claim).sort((a, b) => a - b);
    const dones = phases.map((x) => x.done).sort((a, b) => a - b);
    const doneToClaim = avg(claims.slice(concurrency).map((c, i) => c - dones[i]!));
    const guidedLeaves = leaves.filter((l) => l.targetChars === 0);
    const claimRank = inOrder.filter((c) => !c.extension).map((c) => c.title);
    const guidedRanks = guidedLeaves.map((l) => claimRank.indexOf(placeOf.get(l.node.id)!) + 1).sort((a, b) => a - b);
    let inversions = 0;
    const firstTargets = inOrder.filter((c) => !c.extension).map((c) => c.target);
    for (let i = 1; i < firstTargets.length; i++) if (firstTargets[i]! > firstTargets[i - 1]!) inversions++;

    // ---------------------------------------------------------------------------------------------- (b) tokens
    const promptTokens = calls.reduce((s, c) => s + c.prompt, 0);
    const cachedTokens = calls.reduce((s, c) => s + c.cached, 0);
    const extensions = calls.filter((c) => c.extension).length;
    const errors = calls.filter((c) => c.status !== 200 || c.aborted).length;
    const cut = calls.filter((c) => c.finishReason === 'length').length;

    // ---------------------------------------------------------------------------------------------- (c) export
    const te = performance.now();
    // export is a job (issue 26): started, followed until done, then its file downloaded
    let job = (await api('/btz/bid/export/start', { query: { id: bidId, format: 'docx' } })).data as { id: string; state: string; error: string | null };
    while (job.state !== 'done' && job.state !== 'failed') {
      await new Promise((r) => setTimeout(r, 50));
      job = (await api('/btz/bid/export/get', { query: { id: job.id } })).data;
    }
    if (job.state === 'failed') throw new Error(`export: ${job.error}`);
    const exp = await call('/btz/bid/export/file', { query: { id: job.id } });
    const docx = Buffer.from(await exp.arrayBuffer());
    const exportMs = performance.now() - te;
    if (exp.status !== 200 || docx.subarray(0, 2).toString() !== 'PK') throw new Error(`export: HTTP ${exp.status} ${docx.subarray(0, 200).toString()}`);

    const ratio = wall / ideal;
    const tokPerChar = promptTokens / chars;
    const ok = (good: boolean) => (good ? 'ok' : 'MISSED');
    const row = (label: string, value: string, goal = '') => console.log(`${label.padEnd(44)} ${value.padStart(16)}  ${goal}`);
    console.log('');
    row('指标 / figure', '值 / value', '目标 / goal');
    row('-'.repeat(44), '-'.repeat(16), '-'.repeat(12));
    row('(a) 编写耗时 wall, start → all written', `${wall.toFixed(1)} s`);
    row('    理想 ideal (LPT makespan, zero overhead)', `${ideal.toFixed(1)} s`);
    row('    比值 ratio wall / ideal', ratio.toFixed(3), `≤ 1.05 ${ok(ratio <= 1.05)}`);
    row('    sections / written chars', `${p.total} / ${chars.toLocaleString('en')}`);
    row('    streamed tokens (all section requests)', streamedTokens.toLocaleString('en'));
    row('    chars / s overall', (chars / wall).toFixed(0), `ideal ${(chars / ideal).toFixed(0)}`);
    row('(b) 输入 token / 输出字 input tok per char', tokPerChar.toFixed(2), `≤ 10 ${ok(tokPerChar <= 10)}`);
    row('    prompt tokens (section requests)', promptTokens.toLocaleString('en'));
    row('    前缀缓存命中 prefix-cache share', `${((cachedTokens / promptTokens) * 100).toFixed(1)} %`);
    row('    model requests / extra rounds / cut / err', `${calls.length} / ${extensions} / ${cut} / ${errors}`);
    row('(c) 导出 export .docx (start → file)', `${exportMs.toFixed(0)} ms`);
    row(`    pages ≈ chars ÷ ${CHARS_PER_PAGE} / file size`, `${Math.round(chars / CHARS_PER_PAGE)} p / ${(docx.length / 1024).toFixed(0)} KiB`);
    console.log('    (`npm run bench -- export` measures the 300-page case: 150 sections × 2,500 chars)');
    console.log('');
    console.log('where the gap to the ideal went / 与理想值的差距:');
    row('  start → first model request', `${(firstReq * 1000).toFixed(0)} ms`);
    row(`  start → ${concurrency}th model request`, `${((firstBatch[firstBatch.length - 1] ?? 0) * 1000).toFixed(0)} ms`);
    row('  hand-off gap (slot freed → next request)', `${(meanGap * 1000).toFixed(0)} ms avg`, `max ${(maxGap * 1000).toFixed(0)} ms over ${gaps.length}`);
    row('  stream slower than tokens ÷ rate', `${(streamSlow * 1000).toFixed(0)} ms avg`);
    row('    claim → model request (per section)', `${claimToRequest.toFixed(0)} ms avg`);
    row('    stream end → section saved', `${endToSaved.toFixed(0)} ms avg`);
    row('    section saved → job done', `${savedToDone.toFixed(0)} ms avg`);
    row('    job done → next claim', `${doneToClaim.toFixed(0)} ms avg`);
    row('  last stream end → last section saved', `${(tailDb * 1000).toFixed(0)} ms`);
    row('  last stream end → progress says done', `${(tail * 1000).toFixed(0)} ms`, `(${polls} polls at 100 ms)`);
    row('  zero-overhead makespan in claimed order', `${claimedOrder.toFixed(1)} s`, `${inversions} order inversions`);
    row(`  form/table leaves (target 0, writer guide ${FORM_GUIDE_CHARS})`, String(guidedLeaves.length), guidedLeaves.length ? `claimed at ranks ${guidedRanks.join(',')} of ${claimRank.length}` : '');
    row('  average streams busy', (busy / wall).toFixed(2), `of ${concurrency} (fake max in flight ${stats.maxInFlight})`);
    row('  server log lines during the run', String(logLines));
    await cleanup();
    clearTimeout(hardStop);
    process.exit(0);
  } catch (err) {
    await fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
  }
}
