/**
 * AI actions on a selection in the section editor (issue 6 item 3): 续写 continue, 扩写 expand, 缩写 shorten, 润色 polish,
 * 正式化改写 formal. The answer is plain text, streamed: for `continue` the text to insert after the selection, otherwise the
 * replacement of the selection.
 *
 * - With a model (`llm` not null and not offline): one streamed rewrite, continued on `finish_reason: length`.
 * - Offline (`llm` null, 离线模式): deterministic rule-based transforms that really change the text — continue appends
 *   1–3 sentences built from the section title, expand adds an elaboration clause per sentence (≈1.6×), shorten drops
 *   parentheticals, filler and subordinate phrases and then trailing sentences (≈0.6×, sentence ends kept), polish and
 *   formal replace curated colloquial words and pronouns. Streamed in ~20-character pieces.
 * Streaming contract: the deltas (after any `onRestart(validLength)` cut) concatenate to the returned string. A fired
 * `signal` rejects the call with the signal's reason.
 */
import { countChars, type AiAction } from '@btz/shared';
import { chatUntilDone } from '../llm/continue.js';
import type { ChatMessage, LlmProvider, RestartInfo } from '../llm/types.js';
import { cancelled } from './llm-section.js';
import { hash } from './offline.js';

export interface AiActionRequest {
  action: AiAction;
  /** the selection (for continue: the text before the cursor) */
  text: string;
  context: { title: string; projectName?: string };
  signal?: AbortSignal;
  onDelta?(t: string): void;
  /** keep only the first validLength characters received so far (a retried model call) */
  onRestart?(validLength: number): void;
  tag?: string;
}

/** Target length of the answer in characters. */
export function actionTarget(action: AiAction, chars: number): number {
  switch (action) {
    case 'continue':
      return Math.min(400, Math.max(60, Math.round(chars * 0.5)));
    case 'expand':
      return Math.round(chars * 1.6);
    case 'shorten':
      return Math.max(1, Math.round(chars * 0.6));
    default:
      return chars;
  }
}

export async function runAiAction(llm: LlmProvider | null, req: AiActionRequest): Promise<string> {
  if (req.signal?.aborted) throw cancelled(req.signal);
  if (!llm || llm.offline) {
    const out = offlineAction(req.action, req.text, req.context);
    for (let i = 0; i < out.length; i += 20) {
      if (req.signal?.aborted) throw cancelled(req.signal);
      req.onDelta?.(out.slice(i, i + 20));
      if (i % 400 === 380) await new Promise((r) => setImmediate(r));
    }
    return out;
  }
  return llmAction(llm, req);
}

// ------------------------------------------------------------------------------------------------ model

const SYSTEM =
  '你是一名资深的投标文件撰写专家，负责按要求处理投标文件中用户选中的文字。只输出处理结果的正文：纯文本，保持原文的分段，' +
  '不要 Markdown 标记，不要给结果加引号，不要任何解释、开场白或结尾说明。不得编造证书编号、人员姓名、业绩项目、金额、日期等具体事实；原文中的数值和【待填写：…】占位必须原样保留。';

function instruction(action: AiAction, chars: number): string {
  const n = actionTarget(action, chars);
  switch (action) {
    case 'continue':
      return `紧接着原文的最后一个字续写约 ${n} 字，内容与原文自然衔接、不重复原文。只输出新增的文字（如原文最后一句没有写完，先把这句补完）。`;
    case 'expand':
      return `将原文扩写到约 ${n} 字（约为原文的 1.6 倍）：保留原有意思和全部事实、数值，补充具体的措施、依据、流程与预期成效，使内容更充实。`;
    case 'shorten':
      return `将原文缩写到约 ${n} 字（约为原文的 0.6 倍）：保留核心意思和全部关键数值，删去重复、修饰和次要内容，每句话完整收尾。`;
    case 'polish':
      return '润色原文：修正语病、错别字和不当标点，用词更准确专业，语句更通顺，篇幅与原文大致相同，不改变原意和任何数值。';
    case 'formal':
      return '将原文改写为正式的公文语体：“我们”改为“我公司”或“我方”，“你们”“您”改为“贵方”或“采购人”，口语化表达改为规范的书面语，篇幅与原文大致相同，不改变原意和任何数值。';
  }
}

export function buildActionMessages(req: Pick<AiActionRequest, 'action' | 'text' | 'context'>): ChatMessage[] {
  const user = [
    `项目名称：${req.context.projectName || '（未提供）'}`,
    `所在章节：${req.context.title}`,
    '',
    `任务：${instruction(req.action, countChars(req.text))}`,
    '',
    '【原文开始】',
    req.text,
    '【原文结束】',
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}

async function llmAction(llm: LlmProvider, req: AiActionRequest): Promise<string> {
  const target = actionTarget(req.action, countChars(req.text));
  // What the caller sees is the model's text without leading and trailing whitespace: `raw` is what arrived (cut back
  // on restarts), `lead` where the visible text starts, `end` how far it has been passed on.
  let raw = '';
  let lead = -1;
  let end = 0;
  let shown = '';
  const emit = (s: string) => {
    if (!s) return;
    shown += s;
    req.onDelta?.(s);
  };
  const advance = () => {
    if (lead < 0) {
      const m = /\S/.exec(raw);
      if (!m) return;
      lead = m.index;
      end = lead;
    }
    let j = raw.length;
    while (j > end && /\s/.test(raw[j - 1]!)) j--;
    if (j > end) {
      emit(raw.slice(end, j));
      end = j;
    }
  };
  const onDelta = req.onDelta
    ? (d: string) => {
        raw += d;
        advance();
      }
    : undefined;
  const onRestart =
    req.onDelta && req.onRestart
      ? (info: RestartInfo) => {
          raw = raw.slice(0, info.validLength);
          const visible = lead < 0 ? '' : raw.slice(lead).replace(/\s+$/, '');
          if (lead >= 0 && raw.length <= lead) lead = -1;
          shown = visible;
          end = lead < 0 ? 0 : lead + visible.length;
          req.onRestart!(visible.length);
        }
      : undefined;

  const r = await chatUntilDone(llm, {
    messages: buildActionMessages(req),
    maxTokens: Math.ceil(target * 1.5) + 64,
    signal: req.signal,
    onDelta,
    onRestart,
    tag: req.tag,
  });
  if (r.finishReason === 'cancelled') throw cancelled(req.signal);
  const out = r.text.trim();
  if (req.onDelta && shown !== out) {
    let k = 0;
    while (k < shown.length && k < out.length && shown[k] === out[k]) k++;
    if (k < shown.length && req.onRestart) {
      req.onRestart(k);
      shown = shown.slice(0, k);
    }
    if (k === shown.length) emit(out.slice(k));
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ offline

/** Sentence pieces of a paragraph: each ends with its terminator (。！？；) and closing quotes; the last may have none. */
function sentences(para: string): string[] {
  return para.match(/[^。！？!?；]+(?:[。！？!?；]+[”’」』）)》】"']*)?|[。！？!?；]+/g) ?? [];
}

const TERMINATED = /[。！？!?；][”’」』）)》】"']*$/;

interface Topic {
  re: RegExp;
  clauses: string[];
  /** continue sentences; {T} = title, {P} = project */
  more: string[];
}

const TOPICS: Topic[] = [
  {
    re: /质量|验收|检测|检验|标准/,
    clauses: ['，严格执行国家和行业相关标准规范', '，并留存检查记录，做到过程可追溯', '，发现问题立即整改并复查闭环'],
    more: [
      '为确保{T}落到实处，我方将建立质量检查台账，对关键工序实行自检、互检和专检。',
      '每个阶段完成后，我方将组织内部质量评审，评审合格后方可转入下一阶段。',
      '对发现的质量问题，我方将分析原因、制定纠正措施并跟踪验证，防止同类问题再次发生。',
    ],
  },
  {
    re: /进度|工期|计划|节点|里程碑|交付/,
    clauses: ['，按周对照进度计划检查执行情况', '，确保各关键节点按期完成', '，发现偏差及时分析原因并采取纠偏措施'],
    more: [
      '为保障{T}按期完成，我方将编制周计划和月计划，逐项明确责任人与完成时限。',
      '项目组每周召开进度例会，对照里程碑检查完成情况，对滞后事项制定赶工措施。',
      '如遇采购人需求调整等情况，我方将及时评估对进度的影响并报采购人确认。',
    ],
  },
  {
    re: /安全|风险|应急|保密|环境|文明/,
    clauses: ['，落实安全生产责任制', '，并定期组织检查和演练', '，将风险控制在萌芽状态'],
    more: [
      '针对{T}，我方将定期开展风险排查，建立隐患台账，做到发现一处、整改一处。',
      '所有人员上岗前均须接受安全与保密教育，考核合格后方可参与项目工作。',
      '一旦发生突发事件，我方将立即启动应急预案，第一时间报告采购人并组织处置。',
    ],
  },
  {
    re: /售后|服务|运维|维保|维护|响应|故障/,
    clauses: ['，安排专人跟踪处理直至问题闭环', '，并在处理完成后进行回访', '，确保服务响应及时、处理到位'],
    more: [
      '围绕{T}，我方将建立服务台账，对每一次服务请求记录受理、处理和回访全过程。',
      '我方将定期开展巡检和预防性维护，提前发现并消除潜在故障隐患。',
      '服务期内，我方将每季度向采购人提交服务报告，持续改进服务质量。',
    ],
  },
  {
    re: /人员|团队|组织|培训|岗位|项目经理/,
    clauses: ['，明确岗位职责与分工', '，确保核心人员稳定到岗', '，并建立考核与激励机制'],
    more: [
      '为落实{T}，我方将明确各岗位的职责与权限，建立统一指挥、分工协作的工作机制。',
      '项目实施期间，核心人员保持稳定，确需调整的须提前征得采购人书面同意。',
      '我方将对项目人员开展针对性培训，确保其熟悉本项目的需求和工作要求。',
    ],
  },
  {
    re: /技术|系统|平台|方案|架构|数据|功能|设计|软件|硬件|网络/,
    clauses: ['，充分考虑系统的可靠性与可扩展性', '，满足招标文件的各项技术要求', '，并预留标准接口便于后续对接'],
    more: [
      '在{T}的落实过程中，我方将严格对照招标文件的技术要求逐项设计、逐项验证。',
      '关键技术环节将先行开展验证测试，确认满足性能和兼容性要求后再全面实施。',
      '我方将同步编制完整的技术文档，便于采购人后续使用、维护和扩展。',
    ],
  },
];

const GENERIC: Topic = {
  re: /./,
  clauses: ['，明确责任人、完成时限和检查标准', '，并与采购人保持密切沟通、及时反馈', '，确保各项工作有序推进'],
  more: [
    '围绕“{T}”，我方将结合{P}的实际情况细化各项工作措施，明确责任人和完成时限。',
    '实施过程中，我方将定期向采购人汇报工作进展，及时响应采购人提出的意见和要求。',
    '上述措施将纳入项目管理制度，由项目经理统一组织落实，并接受采购人的监督检查。',
  ],
};

function topicsOf(title: string, text: string): Topic[] {
  const byTitle = TOPICS.filter((t) => t.re.test(title));
  const byText = TOPICS.filter((t) => !byTitle.includes(t) && t.re.test(text));
  return [...byTitle, ...byText.slice(0, 1), GENERIC];
}

const fill = (s: string, ctx: AiActionRequest['context']) =>
  s.replace(/\{T\}/g, ctx.title || '本节工作').replace(/\{P\}/g, ctx.projectName || '本项目');

function offlineContinue(text: string, ctx: AiActionRequest['context']): string {
  const topics = topicsOf(ctx.title, '');
  const pool = topics.flatMap((t) => t.more.map((s) => fill(s, ctx))).filter((s) => !text.includes(s));
  const h = hash(text);
  const n = 1 + (h % 3);
  const start = h % Math.max(1, Math.min(pool.length, 3));
  const picked: string[] = [];
  for (let i = 0; i < pool.length && picked.length < n; i++) picked.push(pool[(start + i) % pool.length]!);
  const t = text.replace(/\s+$/, '');
  let lead = '';
  if (t && !TERMINATED.test(t)) lead = /[，、：:,]$/.test(t) ? '相关工作将按计划有序推进。' : '。';
  return lead + picked.join('');
}

function offlineExpand(text: string, ctx: AiActionRequest['context']): string {
  const original = countChars(text);
  const goal = original * 1.6;
  const topics = topicsOf(ctx.title, text);
  let k = hash(text);
  const paras = text.split('\n').map((p) =>
    sentences(p).map((s) => {
      const m = /([。！!；]+[”’」』）)》】"']*)$/.exec(s);
      if (!m || countChars(s) < 8) return s;
      const body = s.slice(0, m.index);
      const topic = topics.find((t) => t.re.test(body)) ?? topics[0]!;
      const clause = topic.clauses[k++ % topic.clauses.length]!;
      if (body.includes(clause.slice(1))) return s;
      return body + clause + m[1];
    }),
  );
  // still short: an elaborating sentence after paragraphs, round robin from the last
  const extra = topics.flatMap((t) => t.more.map((s) => fill(s, ctx))).filter((s) => !text.includes(s));
  const total = () => countChars(paras.map((p) => p.join('')).join('\n'));
  const bodyParas = paras.map((p, i) => (p.some((s) => TERMINATED.test(s)) ? i : -1)).filter((i) => i >= 0);
  for (let e = 0; e < extra.length && total() < goal * 0.95; e++) {
    const at = bodyParas.length ? bodyParas[bodyParas.length - 1 - (e % bodyParas.length)]! : paras.length - 1;
    const p = paras[at]!;
    if (p.length && !TERMINATED.test(p[p.length - 1]!)) p.push('。');
    p.push(extra[e]!);
  }
  return paras.map((p) => p.join('')).join('\n');
}

const FILLERS = /(?:同时|此外|另外|总之|综上所述|需要指出的是|值得一提的是|一般来说|在此基础上|与此同时|除此之外)[，,]/g;
const INTENSIFIERS = /非常|十分|进一步|切实|全面|充分|积极|认真|严格|大力|不断|始终/g;
const SUBORDINATE = /^(?:从而|以便|以确保|以保证|以达到|进而|并且|并|同时)/;

function shortenSentence(s: string): string {
  const m = /([。！？!?；]+[”’」』）)》】"']*)$/.exec(s);
  const end = m ? m[1]! : '';
  const body = m ? s.slice(0, m.index) : s;
  const clauses = body.split(/[，,]/);
  if (clauses.length < 3) return s;
  let kept = clauses.filter((c, i) => i === 0 || !SUBORDINATE.test(c.trim()));
  if (kept.length > 2 && /^(?:为了|为|通过|根据|按照|结合|围绕|针对)/.test(kept[0]!.trim())) kept = kept.slice(1);
  return kept.join('，') + end;
}

function offlineShorten(text: string): string {
  const original = countChars(text);
  const goal = Math.max(1, Math.round(original * 0.6));
  const cleaned = text
    .replace(/（[^（）【】]*）|\([^()【】]*\)/g, '')
    .replace(FILLERS, '')
    .replace(INTENSIFIERS, '');
  const paras = cleaned
    .split('\n')
    .map((p) => sentences(p).map(shortenSentence).filter((s) => s.trim()))
    .filter((p) => p.length);
  const total = () => countChars(paras.map((p) => p.join('')).join('\n'));
  while (total() > goal) {
    let i = paras.length - 1;
    while (i >= 0 && paras[i]!.length < 2) i--;
    if (i >= 0) paras[i]!.pop();
    else if (paras.length > 1) paras.pop();
    else break;
  }
  // one sentence left and still long: drop its trailing clauses, keep its end mark
  if (total() > goal && paras.length === 1 && paras[0]!.length === 1) {
    const s = paras[0]![0]!;
    const m = /([。！？!?；]+[”’」』）)》】"']*)$/.exec(s);
    const clauses = (m ? s.slice(0, m.index) : s).split(/[，,]/);
    while (clauses.length > 1 && countChars(clauses.join('，')) > goal) clauses.pop();
    paras[0] = [clauses.join('，') + (m ? m[1] : '。')];
  }
  return paras.map((p) => p.join('')).join('\n');
}

/** Colloquial → written words (longest first where they overlap). */
const POLISH: [RegExp, string][] = [
  [/非常多|很多很多|很多/g, '大量'],
  [/马上|立马|立刻/g, '立即'],
  [/赶紧|赶快/g, '尽快'],
  [/一定会|肯定会/g, '必将'],
  [/肯定/g, '必定'],
  [/搞好/g, '做好'],
  [/搞定/g, '完成'],
  [/搞/g, '开展'],
  [/弄好/g, '处理好'],
  [/弄清楚/g, '明确'],
  [/弄/g, '处理'],
  [/差不多/g, '基本'],
  [/挺好/g, '良好'],
  [/挺/g, '较为'],
  [/老是|总是/g, '经常'],
  [/啥/g, '什么'],
  [/咋样|怎么样/g, '如何'],
  [/咋|怎么/g, '如何'],
  [/所以说|所以/g, '因此'],
  [/但是|不过/g, '但'],
  [/然后/g, '随后'],
  [/还有就是|还有/g, '此外'],
  [/(检查|看|试|了解|沟通|确认|处理)一下/g, '$1'],
  [/有点儿|有点/g, '略'],
  [/大概|大约/g, '约'],
  [/想办法/g, '采取措施'],
  [/没问题/g, '满足要求'],
  [/帮助|帮忙/g, '协助'],
  [/好好地|好好/g, '认真'],
  [/多多/g, '充分'],
  [/特别(?!是)/g, '尤为'],
  [/(我们|我方|我公司|项目组)会(?!议)/g, '$1将'],
  [/的的/g, '的'],
];

const CJK = '\\u3400-\\u9FFF\\uF900-\\uFAFF\\u3000-\\u303F\\uFF00-\\uFFEF';
/** Half-width punctuation between Chinese characters → full-width; doubled marks and spaces inside Chinese dropped. */
function punctuation(s: string): string {
  const map: Record<string, string> = { ',': '，', ';': '；', ':': '：', '?': '？', '!': '！' };
  return s
    .replace(new RegExp(`(?<=[${CJK}])\\s*([,;:?!])\\s*`, 'g'), (_m, p: string) => map[p]!)
    .replace(new RegExp(`(?<=[${CJK}])\\s+(?=[${CJK}])`, 'g'), '')
    .replace(new RegExp(`\\((?=[^()]*[${CJK}])([^()]*)\\)`, 'g'), '（$1）')
    .replace(/([。，；！？])\1+/g, '$1');
}

function offlinePolish(text: string): string {
  let t = text;
  for (const [re, to] of POLISH) t = t.replace(re, to);
  return punctuation(t);
}

const FORMAL: [RegExp, string][] = [
  [/我们公司|我们单位|我司/g, '我公司'],
  [/咱们/g, '我方'],
  // "我们" opening a sentence or clause reads 我公司; elsewhere 我方
  [/(^|[。！？；，：\n])我们/g, '$1我公司'],
  [/我们/g, '我方'],
  [/你们单位|你们公司|你单位|你方单位/g, '采购人'],
  [/您们|你们|您/g, '贵方'],
  [/如果(.{1,30}?)的话/g, '如$1'],
  [/如果/g, '如'],
  [/因为/g, '由于'],
  [/为了/g, '为'],
  [/可以/g, '可'],
  [/打电话/g, '致电'],
];

function offlineFormal(text: string): string {
  let t = text;
  for (const [re, to] of FORMAL) t = t.replace(re, to);
  return offlinePolish(t);
}

/** The offline answer of an AI action (exported for tests and for callers that need no streaming). */
export function offlineAction(action: AiAction, text: string, context: AiActionRequest['context']): string {
  switch (action) {
    case 'continue':
      return offlineContinue(text, context);
    case 'expand':
      return offlineExpand(text, context);
    case 'shorten':
      return offlineShorten(text);
    case 'polish':
      return offlinePolish(text);
    case 'formal':
      return offlineFormal(text);
  }
}
