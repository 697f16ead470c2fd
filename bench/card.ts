/**
 * Tender card + outline benchmark (issue 5, Deliver 7): the offline (rule-based) writer, and the LLM path against the
 * fake OpenAI-compatible server streaming at 50 tokens/s per stream, on the generated tender of the bid-engine fixtures
 * and on a long synthetic tender (~300 pages). Prints wall time, the ideal makespan (every answer's stream time, scheduled
 * longest first on the provider's concurrency, zero overhead), input tokens, the share served from the prefix cache,
 * output tokens, and how the merge went.
 *
 *   node --import tsx bench/card.ts [--rate 50] [--concurrency 4,10] [--pages 300] [--quick]
 *
 * The fake runs in a child process (its timers do not share the client's event loop); it answers each task like a
 * faithful model would (llm-oracle.ts: the items on the pages the prompt shows, excerpts ≤ 60 characters). Stops by
 * itself; a hard limit of 10 minutes ends it in any case.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TenderFileInput } from '@btz/bid-engine/tender';

const args = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};

// ---------------------------------------------------------------------------------------------------------------------
// The long synthetic tender

const CN = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const SPEC = [
  '工作温度-10℃～55℃，相对湿度5%～95%无凝结',
  '平均无故障时间不少于50000小时，支持7×24小时连续运行',
  '支持远程管理与集中监控，提供标准RESTful接口',
  '电源采用冗余设计，支持热插拔，整机功耗不大于300W',
  '支持国产操作系统与国产数据库，提供适配证明',
  '日志留存不少于180天，满足网络安全等级保护要求',
];

function pad(lines: string[], target: number, seed: number): string {
  const out = [...lines];
  let k = seed;
  while (out.join('\n').length < target) {
    out.push(`${(k % 9) + 1}.${(k % 7) + 1} 设备${k}应满足：${SPEC[k % SPEC.length]}；${SPEC[(k + 3) % SPEC.length]}。`);
    k++;
  }
  return out.join('\n');
}

export function longTender(pages = 300): TenderFileInput {
  const texts: string[] = [];
  const P = 1300;
  const scoringRows = [
    ['总体技术方案', 12, '方案完整、先进、可行，完全满足采购需求得12分；基本满足得6分；不满足不得分。'],
    ['需求理解', 5, '对项目背景、现状与需求理解透彻得5分，一般得2分。'],
    ['系统架构设计', 6, '架构合理、扩展性强得6分，一般得3分。'],
    ['功能设计', 8, '功能覆盖全部需求且设计细致得8分，部分覆盖得4分。'],
    ['安全保障方案', 5, '安全体系完整，符合等保三级要求得5分，一般得2分。'],
    ['实施方案', 6, '实施组织、进度计划、质量保证措施合理可行得6分，一般得3分。'],
    ['项目团队', 6, '项目经理具有高级职称得3分；团队成员持证每人得0.5分，最多3分。'],
    ['培训方案', 3, '培训计划详细、针对性强得3分，一般得1分。'],
    ['售后服务', 5, '响应时间不超过2小时且提供驻场服务得5分，其他得2分。'],
    ['应急预案', 4, '应急预案完善、演练计划可行得4分，一般得2分。'],
    ['数据迁移方案', 3, '迁移方案完整、风险可控得3分，一般得1分。'],
    ['现场演示', 5, '演示内容完整、操作流畅得5分，一般得2分。'],
  ] as const;
  const commercial = [
    ['类似业绩', 6, '近三年每提供一个类似项目业绩得2分，最多6分。'],
    ['企业资质', 5, '具有ISO9001认证得2分，ISO27001认证得3分。'],
    ['企业信誉', 4, '获得省级及以上荣誉每项得2分，最多4分。'],
    ['财务状况', 2, '近三年连续盈利得2分。'],
    ['知识产权', 3, '具有相关软件著作权每项得1分，最多3分。'],
  ] as const;
  for (let p = 1; p <= pages; p++) {
    let t: string;
    if (p === 1) t = '城市运行管理服务平台建设项目\n招标文件\n项目编号：JZ-ZB-2027-0031\n采购人：江州市城市管理局\n采购代理机构：江州中衡招标有限公司\n二〇二七年三月';
    else if (p === 2)
      t = '目  录\n第一章 招标公告 ........................ 3\n第二章 投标人须知 ...................... 8\n第三章 评标办法 ........................ 21\n第四章 采购需求 ........................ 25\n第五章 合同条款 ........................ 201\n第六章 投标文件格式 .................... 261';
    else if (p === 3)
      t = pad(
        [
          '第一章 招标公告',
          '江州中衡招标有限公司受江州市城市管理局委托，对城市运行管理服务平台建设项目进行公开招标，欢迎合格的投标人参加投标。',
          '一、项目基本情况',
          '项目名称：城市运行管理服务平台建设项目',
          '项目编号：JZ-ZB-2027-0031',
          '预算金额：1268.4万元（大写：人民币壹仟贰佰陆拾捌万肆仟元整）',
          '最高限价：12,500,000.00元',
          '二、申请人的资格要求：',
          '1. 具有独立承担民事责任的能力；',
          '2. 具有良好的商业信誉和健全的财务会计制度；',
          '3. 具有依法缴纳税收和社会保障资金的良好记录；',
          '4. 参加政府采购活动前三年内，在经营活动中没有重大违法记录；',
          '5. 具备信息系统集成及服务资质（ITSS）二级及以上；',
          '6. 本项目不接受联合体投标。',
          '三、投标截止时间及开标时间',
          '投标截止时间：2027年4月16日 09:30（北京时间）',
          '开标时间：2027年4月16日 09:30',
          '开标地点：江州市公共资源交易中心五楼第三开标室',
          '四、其他',
          '投标保证金：人民币拾万元整（¥100,000.00）',
          '采购代理机构联系人：林工  电话：0571-86660000',
        ],
        P,
        p,
      );
    else if (p === 10)
      t = pad(
        [
          '第二章 投标人须知',
          '1. 投标文件的组成',
          '投标文件由以下部分组成：',
          '（1）投标函；',
          '（2）法定代表人授权书；',
          '（3）开标一览表；',
          '（4）资格证明文件；',
          '（5）商务部分：包括商务偏离表、企业业绩、企业资质证书等；',
          '（6）技术部分：包括技术方案、实施方案、售后服务方案等；',
          '（7）报价部分：分项报价表。',
          '2. 投标文件的编制与装订',
          '2.1 投标文件正本一份，副本五份，电子版U盘一份。',
          '2.2 投标文件须用A4纸打印并胶装成册，不得采用活页夹装订。',
          '2.3 投标文件应编制目录并逐页编写页码。',
          '2.4 投标函、开标一览表须由法定代表人或其授权代表签字并加盖单位公章。',
        ],
        P,
        p,
      );
    else if (p === 18)
      t = pad(
        [
          '第五节 无效投标条款',
          '投标文件有下列情形之一的，投标无效：',
          '（1）未按招标文件要求提交投标保证金的；',
          '（2）投标文件未按要求签字、盖章的；',
          '（3）投标报价超过最高限价的；',
          '（4）不满足招标文件★条款要求的；',
          '（5）投标文件载明的服务期限不满足招标文件要求的。',
        ],
        P,
        p,
      );
    else if (p === 21 || p === 22) {
      const rows =
        p === 21
          ? ['第三章 评标办法', '本项目采用综合评分法，满分100分。', '评分标准', '序号 评分项 分值 评分标准', '价格部分（20分）', '1 价格分 20分 满足招标文件要求且投标价格最低的投标报价为评标基准价，其价格分为满分。', '技术部分（60分）', ...scoringRows.slice(0, 6).map((r, i) => `${i + 2} ${r[0]} ${r[1]}分 ${r[2]}`)]
          : [...scoringRows.slice(6).map((r, i) => `${i + 8} ${r[0]} ${r[1]}分 ${r[2]}`), '商务部分（20分）', ...commercial.map((r, i) => `${i + 14} ${r[0]} ${r[1]}分 ${r[2]}`), '合计 100分'];
      t = rows.join('\n');
    } else if (p >= 25 && p < 201) {
      const lines = p === 25 ? ['第四章 采购需求', '注：标注“★”的条款为实质性要求，不满足将导致投标无效；标注“▲”的条款为重要技术参数。'] : [`${CN[(p % 10)]}、设备技术参数（续）`];
      if (p % 9 === 0) lines.push(`${(p % 20) + 1}. ★设备${p}须${SPEC[p % SPEC.length]}，并提供第三方检测报告。`);
      if (p % 6 === 0) lines.push(`${(p % 20) + 2}. ▲设备${p}的${SPEC[(p + 1) % SPEC.length]}。`);
      t = pad(lines, P, p);
    } else if (p === 201)
      t = pad(
        [
          '第五章 合同条款',
          '1. 交付期限：合同签订后120日内完成系统部署并上线试运行。',
          '2. 质保期：自终验合格之日起三年，质保期内免费维护。',
          '3. 付款方式：合同签订后支付30%，初验合格后支付40%，终验合格后支付25%，余款5%于质保期满后支付。',
          '4. 履约保证金：合同金额的5%，终验合格后无息退还。',
          '5. 验收：按国家及行业标准组织初验和终验。',
        ],
        P,
        p,
      );
    else if (p === 261) t = pad(['第六章 投标文件格式', '一、投标函', '致：江州市城市管理局', '二、法定代表人授权书', '三、开标一览表'], 600, p);
    else t = pad([`（续）第${p}页`], P, p);
    texts.push(t);
  }
  return {
    name: '城市运行管理服务平台招标文件.pdf',
    role: 'main',
    order: 1,
    pages: texts.map((text, i) => ({ page: i + 1, text })),
    chapters: [
      { title: '第一章 招标公告', level: 1, page: 3 },
      { title: '第二章 投标人须知', level: 1, page: 8 },
      { title: '第三章 评标办法', level: 1, page: 21 },
      { title: '第四章 采购需求', level: 1, page: 25 },
      { title: '第五章 合同条款', level: 1, page: 201 },
      { title: '第六章 投标文件格式', level: 1, page: 261 },
    ],
  };
}

async function tenders(pages: number, quick: boolean): Promise<Array<{ name: string; files: TenderFileInput[] }>> {
  const { MAIN_FILE } = await import('../packages/bid-engine/test/fixtures/tender-pages.js');
  const out = [{ name: `fixture tender (${MAIN_FILE.pages.length} pages)`, files: [MAIN_FILE] }];
  if (!quick) out.push({ name: `synthetic tender (${pages} pages)`, files: [longTender(pages)] });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// Child: the fake model

if (args.includes('--child')) {
  const { startFakeOpenAi } = await import('../packages/bid-engine/test/fakes/openai-server.js');
  const { extractCard } = await import('../packages/bid-engine/src/tender/card.js');
  const { oracleAnswer } = await import('../packages/bid-engine/test/fakes/llm-oracle.js');
  const { taskIdOf } = await import('../packages/bid-engine/src/tender/llm/llm-tasks.js');
  const list = await tenders(Number(process.env.BENCH_PAGES), process.env.BENCH_QUICK === '1');
  let current = list[0]!;
  let rule = extractCard(current.files);
  const fake = await startFakeOpenAi({
    tokensPerSecond: Number(process.env.BENCH_RATE),
    reply: (req) => {
      const id = taskIdOf(req.messages) ?? '';
      return JSON.stringify(oracleAnswer(id, rule, current.files, { context: req.messages[0]?.content, excerptChars: 60, criteriaChars: 100 }));
    },
  });
  process.send?.({ url: fake.url });
  process.on('message', async (m: { use?: number; report?: boolean; close?: boolean }) => {
    if (m.use !== undefined) {
      current = list[m.use]!;
      rule = extractCard(current.files);
      fake.reset();
      process.send?.({ ready: true });
    } else if (m.report) {
      process.send?.({ requests: fake.requests.map((r) => ({ completion: r.usage?.completion ?? 0, prompt: r.usage?.prompt ?? 0, cached: r.usage?.cached ?? 0 })), maxInFlight: fake.stats.maxInFlight });
    } else if (m.close) {
      await fake.close();
      process.exit(0);
    }
  });
} else {
  const { extractCard } = await import('../packages/bid-engine/src/tender/card.js');
  const { generateOutline } = await import('../packages/bid-engine/src/tender/outline.js');
  const { extractCardWithLlmDetailed } = await import('../packages/bid-engine/src/tender/llm/llm-card.js');
  const { OpenAiCompatibleLlm } = await import('../apps/server/src/providers/llm/index.js');
  const rate = Number(arg('rate', '50'));
  const concurrencies = arg('concurrency', '4,10').split(',').map(Number);
  const pages = Number(arg('pages', '300'));
  const quick = args.includes('--quick');
  const list = await tenders(pages, quick);

  const holder: { child?: ChildProcess } = {};
  const hardStop = setTimeout(() => {
    console.error('超时：基准测试超过 10 分钟，已停止');
    holder.child?.kill();
    process.exit(1);
  }, 10 * 60_000);
  hardStop.unref();

  const ms = (t0: number) => performance.now() - t0;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const fmt = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : String(Math.round(n)));

  console.log('== offline writer (rules) ==');
  console.log('tender                          | chars  | card ms | outline ms | scoring | ★ | ▲ | composition');
  for (const t of list) {
    const runs = t.files[0]!.pages.length > 50 ? 3 : 10;
    const cardMs: number[] = [];
    const outlineMs: number[] = [];
    let card = extractCard(t.files);
    for (let i = 0; i < runs; i++) {
      let t0 = performance.now();
      card = extractCard(t.files);
      cardMs.push(ms(t0));
      t0 = performance.now();
      generateOutline(card, { bidType: 1 });
      outlineMs.push(ms(t0));
    }
    const chars = t.files.reduce((s, f) => s + f.pages.reduce((a, p) => a + p.text.length, 0), 0);
    console.log(
      `${t.name.padEnd(31)} | ${fmt(chars).padStart(6)} | ${median(cardMs).toFixed(1).padStart(7)} | ${median(outlineMs).toFixed(1).padStart(10)} | ${String(card.scoring.length).padStart(7)} | ${card.starClauses.length} | ${card.importantClauses.length} | ${card.composition.length}`,
    );
  }

  const child = fork(fileURLToPath(import.meta.url), ['--child'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_RATE: String(rate), BENCH_PAGES: String(pages), BENCH_QUICK: quick ? '1' : '0' },
  });
  const ask = <T>(msg: object, key: string) =>
    new Promise<T>((resolve) => {
      const on = (m: any) => {
        if (key in m) {
          child.off('message', on);
          resolve(m);
        }
      };
      child.on('message', on);
      child.send(msg);
    });
  holder.child = child;
  const url = await new Promise<string>((resolve) => child.once('message', (m: any) => resolve(m.url)));

  console.log(`\n== LLM path: fake OpenAI-compatible server, ${rate} tokens/s per stream ==`);
  console.log(
    'tender                          | LLM conc | tasks | calls | card s | ideal s | ratio | outline ms | input tok | cached | output tok | verified/unverified | added | failed',
  );
  for (const [i, t] of list.entries()) {
    for (const c of concurrencies) {
      await ask({ use: i }, 'ready');
      const llm = new OpenAiCompatibleLlm({ baseUrl: url, model: 'fake-model', concurrency: c });
      const t0 = performance.now();
      const r = await extractCardWithLlmDetailed(llm, t.files, { tag: 'bench', concurrency: Math.max(c, 8) });
      const wall = ms(t0) / 1000;
      const t1 = performance.now();
      generateOutline(r.card, { bidType: 1 });
      const outline = ms(t1);
      const rep = await ask<{ requests: Array<{ completion: number }>; maxInFlight: number }>({ report: true }, 'requests');
      // ideal: every answer streams at `rate`, longest first on `c` slots, zero overhead
      const slots = new Array<number>(c).fill(0);
      for (const d of rep.requests.map((q) => q.completion / rate).sort((a, b) => b - a)) {
        const k = slots.indexOf(Math.min(...slots));
        slots[k]! += d;
      }
      const ideal = Math.max(...slots);
      const entries = [
        ...(['projectName', 'projectNumber', 'purchaser', 'agency', 'budget', 'ceilingPrice', 'deadline', 'openingTime', 'openingPlace', 'bidBond'] as const)
          .map((k) => r.card[k])
          .filter((x) => !!x),
        ...r.card.qualifications,
        ...r.card.scoring,
        ...r.card.starClauses,
        ...r.card.importantClauses,
        ...r.card.invalidClauses,
        ...r.card.composition,
        ...r.card.formatRules,
        ...(r.card.terms ?? []),
      ];
      const verified = entries.filter((e) => e!.verified).length;
      const added = Object.values(r.stats?.added ?? {}).reduce((a, b) => a + b, 0);
      console.log(
        [
          t.name.padEnd(31),
          String(c).padStart(8),
          String(r.card.llm?.tasks ?? 0).padStart(5),
          String(r.tasks.length).padStart(5),
          wall.toFixed(1).padStart(6),
          ideal.toFixed(1).padStart(7),
          (wall / ideal).toFixed(2).padStart(5),
          outline.toFixed(1).padStart(10),
          fmt(r.usage.prompt).padStart(9),
          `${((100 * r.usage.cached) / Math.max(1, r.usage.prompt)).toFixed(0)}%`.padStart(6),
          fmt(r.usage.completion).padStart(10),
          `${verified}/${entries.length - verified}`.padStart(19),
          String(added).padStart(5),
          r.card.llm?.failed.length ? r.card.llm.failed.join('、') : '-',
        ].join(' | '),
      );
      const slow = [...r.tasks].sort((a, b) => b.ms - a.ms).slice(0, 3);
      console.log(
        `    phases: rules+contexts ${r.timings.rulesMs.toFixed(0)} ms, LLM calls ${(r.timings.llmMs / 1000).toFixed(1)} s (fake max in flight ${rep.maxInFlight}), source checks+merge ${r.timings.mergeMs.toFixed(0)} ms`,
      );
      console.log(`    slowest: ${slow.map((s) => `${s.task}${s.chunks > 1 ? `#${s.chunk}` : ''} ${(s.ms / 1000).toFixed(1)}s`).join(', ')}; prompt ≤ ${fmt(Math.max(...r.tasks.map((s) => s.promptChars)))} chars${r.shared ? ' (whole tender, one shared prefix)' : ' (page groups)'}`);
    }
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ close: true });
  await exited;
}
