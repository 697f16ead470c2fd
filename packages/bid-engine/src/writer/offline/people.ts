import type { ScoringItem } from '@btz/shared';
import type { Block } from '../doc.js';
import { ANONYMOUS_MARK } from '../anonymity.js';
import { pointShare, STAFF_ROW } from '../points.js';
import { keyPoints, joinBroken } from '../../tender/key-points.js';
import { parseCnSmall } from '../../text/numerals.js';
import { ph, type Ctx, type EnterpriseFacts, type Part } from './context.js';

/**
 * The person table of a scoring row on people (issue 24 item 1): an evaluator scores 项目负责人 / 团队 rows by what each
 * person is or holds — the columns are the attributes the row's criteria score (学历, 职称, 证书, 党员, 从业年限, 年龄…,
 * read from the criteria's own words), the rows are the persons the criteria count (「项目负责人（1人）」「团队成员不少于
 * 10人」), each cell a 【待填写：…】 blank unless the enterprise's staff (the facts the user entered) fill it. No person,
 * no degree and no certificate is ever made up.
 */

/** An attribute the criteria score about a person: its column head, the words that name it. */
interface Attr {
  head: string;
  re: RegExp;
  /** the cell's blank (short: the column says what it is, the caption what the criteria name) */
  blank: string;
  /** what the criteria name of it (「研究生、本科」「高级社会工作师证书、心理咨询师证书」), for the caption */
  named?: (criteria: string, points: string[]) => string[];
}

/** Words of a degree the criteria name (研究生, 本科…), in the criteria's order. */
const DEGREES = /博士研究生|硕士研究生|研究生|博士|硕士|本科|大专|专科|中专|高中/g;

const ATTRS: Attr[] = [
  { head: '学历', re: /学历|学位|本科|研究生|硕士|博士|大专|专科/, blank: '学历', named: (c) => c.match(DEGREES) ?? [] },
  { head: '所学专业', re: /专业(?:研究生|本科|学历|毕业)|所学专业|专业[:：]/, blank: '专业' },
  { head: '职称', re: /职称|副高|正高|(?<!建造|咨询|工作|管理|设计)工程师/, blank: '职称' },
  {
    head: '职业资格/证书',
    re: /证书|资格证|执业|持证|操作员证|上岗证|作业证|等级证|PMP|CISP|CISSP|注册[\u4e00-\u9fa5]{0,6}师|社会工作师|咨询师|管理师/,
    blank: '证书',
    // the certificates the row's key points name (tender/key-points.ts: 「心理咨询师证书」「PMP证书」)
    named: (_c, points) => points.filter((p) => /(?:证书|证|师|PMP|CISP|CISSP)$/.test(p) && !/证明|扫描件|复印件|社保|身份证|学历|学位|职称|持证|材料|^证书/.test(p)),
  },
  { head: '政治面貌', re: /党员|政治面貌/, blank: '政治面貌' },
  { head: '从业年限/相关经验', re: /年限|工作经(?!费|营|济)|从业|工龄|经验/, blank: '从业年限' },
  { head: '年龄', re: /年龄|周岁|岁以下|岁以上/, blank: '年龄' },
  { head: '退役军人', re: /退役军人|退伍|转业军人/, blank: '退役证明' },
  { head: '类似项目经历', re: /业绩|主持完成|项目经历|类似项目/, blank: '类似项目' },
  { head: '本单位社保', re: /社保|社会保险/, blank: '社保月份' },
];

/** A post the criteria or the row name (the last words before a count or the row's own words). */
const POST = /(?:项目负责人|负责人|项目经理|经理|主管|队长|班长|组长|社工|工程师|技术员|专员|顾问|督导|人员|成员)$/;
/** The row limits the post to a count (「仅限1人」「限一人」「仅限四人」). */
const LIMIT = /限\s*(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*[人名]/;
const TEAM = /团队|成员|人员|队伍/;
/** Most rows a table prints (a tender counting 97 posts is answered by a table to continue, not 97 rows). */
const MAX_ROWS = 20;
/** Blank rows when the criteria count nobody. */
const BLANK_ROWS = 3;

/** A scoring row on people whose criteria name what is scored about them: its attribute columns, else null. */
export function scoredAttrs(row: Pick<ScoringItem, 'item' | 'criteria' | 'category'>): Attr[] | null {
  if (row.category === 'price' || !STAFF_ROW.test(row.item)) return null;
  const text = joinBroken(`${row.item}\n${row.criteria ?? ''}`);
  const attrs = ATTRS.filter((a) => a.re.test(text));
  // (a row on a team's plan — 「团队组织架构与分工」 — scores no attribute of a person)
  return attrs.some((a) => a.head !== '本单位社保' && a.head !== '类似项目经历') ? attrs : null;
}

/** The posts a row counts, in order, each as often as the criteria count it (none when they count nobody). */
export function countedPosts(row: Pick<ScoringItem, 'item' | 'criteria'>): { post: string; n: number }[] {
  const item = joinBroken(row.item);
  const text = joinBroken(row.criteria ?? '');
  const out: { post: string; n: number }[] = [];
  const add = (post: string, n: number) => {
    // (the words before the post's own — 「评审内容拟安排」「投入本项目的」 — are no part of it)
    const p = post.replace(/^.*(?:拟安排|拟派|拟投入|投入|拟任|担任|其中|内容|要求|[：:])/, '').replace(/^(?:本项目的?|的)+/, '');
    if (p.length < 2 || n <= 0) return;
    const same = out.find((x) => x.post === p);
    if (same) same.n = Math.max(same.n, n);
    else out.push({ post: p, n });
  };
  // 「项目负责人（1人）」「保洁主管：（1人）」「售后服务人员（4人）」「其中1人为项目经理」
  for (const m of text.matchAll(/([\u4e00-\u9fa5]{2,10}?)\s*[：:]?\s*[（(]\s*(?:仅限|限|共)?\s*(\d{1,3}|[一二两三四五六七八九十]{1,3})\s*[人名]\s*[）)]/g))
    if (POST.test(m[1]!)) add(m[1]!, parseCnSmall(m[2]!) ?? 0);
  for (const m of text.matchAll(/其中\s*(\d{1,3}|[一二两三四五六七八九十]{1,3})\s*[人名]\s*(?:为|是|担任)\s*([\u4e00-\u9fa5]{2,8}?)(?=[，。；;、：:\s]|$)/g))
    if (POST.test(m[2]!)) add(m[2]!, parseCnSmall(m[1]!) ?? 0);
  // 「团队人员数量不少于10（含）人」: the team's size, less the posts counted apart
  const team = /(团队成员|团队人员|项目成员|团队|成员|服务人员|人员)[^，。；;]{0,12}?(?:不少于|至少|不低于|≥)\s*(\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:[（(]含[）)])?\s*[人名]/.exec(text);
  if (team) {
    const total = parseCnSmall(team[2]!) ?? 0;
    const apart = out.reduce((n, x) => n + x.n, 0);
    if (total > apart) add('团队成员', total - apart);
  }
  // the posts the criteria name without a count (「项目经理具有…得4分；团队成员具有…每人得1分」): one row each, the team a
  // few blank rows
  if (!out.length && !LIMIT.test(item)) {
    for (const m of text.matchAll(/项目负责人|项目经理|[\u4e00-\u9fa5]{2,4}(?:负责人|主管|队长|组长)/g)) if (!/法定|单位|机构|企业/.test(m[0])) add(m[0], 1);
    if (out.length && /团队成员|项目成员|成员/.test(text)) add('团队成员', BLANK_ROWS);
  }
  if (!out.length) {
    const post = item.replace(/[（(][^）)]*(?:[）)]|$)/g, '').replace(/^(?:[^-—]*[-—])/, '').replace(/^(?:拟安排|拟派|拟投入|拟任)(?:本项目的?|的)?/, '').replace(/(?:情况|配置|资历|评价|要求|简介|资格)+$/, '');
    // a row on one person (「项目负责人情况（仅限1人）」「物业经理」「安防主管配置情况」): one row
    const m = /(项目负责人|项目经理|[\u4e00-\u9fa5]{0,6}(?:负责人|经理|主管|队长|班长|组长))$/.exec(post);
    const limit = LIMIT.exec(item) ?? LIMIT.exec(text);
    if (m && (limit || !TEAM.test(post))) add(m[1]!, limit ? (parseCnSmall(limit[1]!) ?? 1) : 1);
    // a row on the team that counts nobody: a few rows of its members
    else if (TEAM.test(post)) add('团队成员', BLANK_ROWS);
  }
  return out;
}

/** The enterprise's staff a post may be filled from: the same post by name (项目经理 and 项目负责人 are one). */
function samePost(post: string, role: string): boolean {
  const lead = /项目经理|项目负责人|^负责人$/;
  return role.includes(post) || post.includes(role) || (lead.test(post) && lead.test(role));
}

/** The row's person table as blocks (null when the row is no row on people with scored attributes). */
export function personTableOf(c: Ctx, row: ScoringItem): Block[] | null {
  const attrs = scoredAttrs(row);
  if (!attrs) return null;
  const criteria = joinBroken(`${row.item}\n${row.criteria ?? ''}`);
  const points = keyPoints(row);
  const posts = countedPosts(row);
  // (a 暗标 section keeps the posts and credentials of the staff, never their names)
  const staff: NonNullable<EnterpriseFacts['staff']> = [...(c.ent.staff ?? [])];
  // (a post of the team at large is filled by the enterprise's staff left after the named posts)
  const take = (post: string) => {
    const i = post === '团队成员' ? 0 : staff.findIndex((s) => samePost(post, s.role));
    if (i >= staff.length) return null;
    return i >= 0 ? staff.splice(i, 1)[0]! : null;
  };
  const persons: { post: string; who: ReturnType<typeof take> }[] = [];
  const total = posts.reduce((n, p) => n + p.n, 0);
  for (const p of posts) for (let i = 0; i < p.n && persons.length < MAX_ROWS; i++) persons.push({ post: p.post, who: take(p.post) });
  if (!posts.length) for (let i = 0; i < BLANK_ROWS; i++) persons.push({ post: '', who: null });
  const credentialCol = attrs.find((a) => a.head === '职称') ?? attrs.find((a) => a.head === '职业资格/证书');
  const rows = persons.map(({ post, who }, i) => [
    String(i + 1),
    c.anonymous ? ANONYMOUS_MARK : (who?.name ?? ph('姓名')),
    (post === '团队成员' ? who?.role : '') || post || (who?.role ?? ph('岗位')),
    ...attrs.map((a) => (who?.title && a === credentialCol ? who.title : ph(a.blank))),
    ph('页码'),
  ]);
  // the caption names what the criteria count and name (their own words, no figure of ours): each cell stays a short blank
  const listed = attrs.flatMap((a) => {
    const words = [...new Set(a.named?.(criteria, points) ?? [])].slice(0, 4);
    return words.length ? [`${a.blank}：${words.join('、')}`] : [];
  });
  const said = [...(posts.length ? [`人员：${posts.map((p) => p.post).join('、')}`] : []), ...listed];
  const blocks: Block[] = [
    { t: 'p', text: `评分项“${row.item}”（评分表第 ${row.source.page} 页）所评的人员情况${said.length ? `（评分所列${said.join('；')}）` : ''}：` },
    { t: 'table', head: ['序号', '姓名', '拟任岗位', ...attrs.map((a) => a.head), '证明材料（页码）'], rows },
  ];
  if (total > persons.length) blocks.push({ t: 'p', text: '（其余人员按本表格式续填。）' });
  return blocks;
}

/** The rows of a section on people with a person table (whichever leaf prints it). */
export const personRows = (c: Ctx): ScoringItem[] => c.scoring.filter((s) => scoredAttrs(s) !== null);

/** The person tables a leaf prints: those of its rows on people, in the first leaf answering each row. */
export function personTables(c: Ctx): Part[] {
  if (c.node.mode !== 'ai') return [];
  const blocks = personRows(c)
    .filter((s) => pointShare(c.node, s.id, c.outline, c.siblingOrder).k === 0)
    .flatMap((s) => personTableOf(c, s) ?? []);
  return blocks.length ? [['人员情况表', blocks]] : [];
}
