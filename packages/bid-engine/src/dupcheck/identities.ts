/**
 * Identities compared across bids (issue 25, 查重): each bid's bidder name, legal representative, authorised persons,
 * phones, e-mails, ID (身份证) numbers, certificate numbers and bank accounts, read from its text; the tender's own
 * values (the purchaser's phone, the agency's account) never count. Bidder A's name inside bid B, or one value in two
 * bids (the same legal representative, the same phone, the same account), is 高风险 with the excerpt from each bid.
 */
import type { DupFinding } from '@btz/shared';
import type { FileFeatures } from './features.js';

export type IdentityKind = 'company' | 'legalRep' | 'authorised' | 'phone' | 'email' | 'idNumber' | 'certificate' | 'bankAccount';

const KIND_LABEL: Record<IdentityKind, string> = {
  company: '投标人名称',
  legalRep: '法定代表人',
  authorised: '授权代表（委托代理人）',
  phone: '联系电话',
  email: '电子邮箱',
  idNumber: '身份证号码',
  certificate: '证书编号',
  bankAccount: '银行账号',
};

export interface Identity {
  kind: IdentityKind;
  value: string;
  /** the text around the value, as it stands in the bid */
  excerpt: string;
}

export interface IdentityFacts {
  /** the bidder's own name: the declared 投标人/供应商 name, else the company named most often */
  company: string;
  /** declared after 投标人：/供应商名称： (not only the most frequent name) */
  declared: boolean;
  values: Identity[];
}

const NAME = '[\\u4e00-\\u9fa5（）()]{2,30}?(?:有限责任公司|股份有限公司|有限公司|集团公司|研究院|设计院|事务所)';
const COMPANY = new RegExp(NAME, 'g');
const DECLARED = new RegExp(`(?:投标人|供应商|投标单位|响应人|申请人)(?:名称|全称)?(?:（(?:盖章|公章)）)?[：:]\\s*(${NAME})`, 'g');
const COMPANY_PREFIX = /^(?:我公司|我方|本公司|投标人|供应商|致|为|由|与|和|及|是)/;
/**
 * A person's name after its label: two to five characters (a compound surname with a given name of three: 欧阳建华明),
 * or a transliterated name with its middle dot (阿依古丽·买买提), up to the next delimiter or label word.
 */
const PERSON = '((?:[\\u4e00-\\u9fa5]{1,8}·[\\u4e00-\\u9fa5]{1,8})|[\\u4e00-\\u9fa5]{2,5}?)(?=[，,。；;、\\s（(]|$|先生|女士|同志|身份证|联系|电话|手机|职务|性别)';
const LEGAL_REP = new RegExp(`法定代表人(?:（负责人）|或负责人|\\(负责人\\))?(?:姓名)?[：:]\\s*${PERSON}`, 'g');
const AUTHORISED = new RegExp(`(?:授权代表|被授权人|委托代理人|授权委托人|代理人|项目联系人|联系人)(?:姓名)?[：:]\\s*${PERSON}`, 'g');
const PHONE = /(?<!\d)(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8})(?!\d)/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const ID_NUMBER = /(?<![0-9A-Za-z])[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])/g;
const CERTIFICATE = /(?:证书编号|证书号码?|注册编号|注册证书号|执业证号|资质证书编号|安全生产许可证号|许可证编号|职业资格证号)[：:\s]*([A-Za-z0-9][A-Za-z0-9\-（）()]{5,29})/g;
const BANK = /(?:银行账号|银行帐号|开户账号|开户帐号|基本账户账号|账号|帐号)[：:\s]*(\d[\d ]{8,30}\d)/g;
/** not a person's name: the words a form puts after the label */
const NOT_A_NAME = /签|章|授权|身份|证明|姓名|职务|本人|电话|地址|填写|见附|详见|代表|负责|委托|单位|公司|人员|无|略|名称|年|月|日/;

function excerptAt(text: string, at: number, length: number): string {
  const from = Math.max(0, at - 24);
  const to = Math.min(text.length, at + length + 24);
  return `${from > 0 ? '…' : ''}${text.slice(from, to).replace(/\s+/g, ' ')}${to < text.length ? '…' : ''}`;
}

function companyName(raw: string): string {
  return raw.replace(COMPANY_PREFIX, '');
}

/** What one bid says about who wrote it; `tenderText` (the tender's text, or '') holds the values that never count. */
export function identityFacts(f: FileFeatures, tenderText: string): IdentityFacts {
  const text = f.text;
  const notTender = (v: string) => !tenderText || !tenderText.includes(v);
  const values: Identity[] = [];
  const seen = new Set<string>();
  const add = (kind: IdentityKind, value: string, at: number, length: number) => {
    if (!value || !notTender(value) || seen.has(`${kind}:${value}`)) return;
    seen.add(`${kind}:${value}`);
    values.push({ kind, value, excerpt: excerptAt(text, at, length) });
  };
  const counts = new Map<string, number>();
  for (const m of text.matchAll(COMPANY)) {
    const name = companyName(m[0]);
    if (name.length >= 6 && notTender(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const declared = new Map<string, number>();
  for (const m of text.matchAll(DECLARED)) {
    const name = companyName(m[1]!);
    if (name.length >= 6 && notTender(name)) declared.set(name, (declared.get(name) ?? 0) + 1);
  }
  const top = (m: Map<string, number>) => [...m].sort((x, y) => y[1] - x[1])[0]?.[0] ?? '';
  const company = top(declared) || top(counts);
  if (company) add('company', company, text.indexOf(company), company.length);
  const person = (kind: IdentityKind, re: RegExp) => {
    for (const m of text.matchAll(re)) {
      const name = m[1]!;
      if (name.length >= 2 && !NOT_A_NAME.test(name)) add(kind, name, m.index! + m[0].length - name.length, name.length);
    }
  };
  person('legalRep', LEGAL_REP);
  person('authorised', AUTHORISED);
  for (const m of text.matchAll(PHONE)) add('phone', m[0].replace('-', ''), m.index!, m[0].length);
  for (const m of text.matchAll(EMAIL)) add('email', m[0].toLowerCase(), m.index!, m[0].length);
  for (const m of text.matchAll(ID_NUMBER)) add('idNumber', m[0].toUpperCase(), m.index!, m[0].length);
  for (const m of text.matchAll(CERTIFICATE)) if ((m[1]!.match(/\d/g) ?? []).length >= 4) add('certificate', m[1]!.toUpperCase(), m.index!, m[0].length);
  for (const m of text.matchAll(BANK)) add('bankAccount', m[1]!.replace(/ /g, ''), m.index!, m[0].length);
  return { company, declared: declared.size > 0, values };
}

const PEOPLE: IdentityKind[] = ['legalRep', 'authorised'];
const MAX_PER_KIND = 5;

/**
 * The identity findings of a pair: the other bidder's name inside a bid, one person in both bids (in any role: A's
 * legal representative as B's authorised person too), one phone, e-mail, ID, certificate number or bank account in both.
 */
export function identitiesOfPair(A: FileFeatures, B: FileFeatures, fa: IdentityFacts, fb: IdentityFacts): DupFinding[] {
  const out: DupFinding[] = [];
  const leak = (from: FileFeatures, ff: IdentityFacts, into: FileFeatures, fi: IdentityFacts, fromIsA: boolean) => {
    if (!ff.company || ff.company === fi.company) return;
    const at = into.text.indexOf(ff.company);
    if (at < 0) return;
    const own = ff.values.find((v) => v.kind === 'company')!.excerpt;
    const there = excerptAt(into.text, at, ff.company.length);
    out.push({ dimension: 'identity', level: 'high', title: `${into.name} 中出现另一投标人（${from.name}）的名称「${ff.company}」`, a: fromIsA ? own : there, b: fromIsA ? there : own });
  };
  leak(A, fa, B, fb, true);
  leak(B, fb, A, fa, false);
  // the same bidder named in both (both declared, or the tender given so the purchaser's name is out of the way)
  if (fa.company && fa.company === fb.company && fa.declared && fb.declared) {
    const ex = (f: IdentityFacts) => f.values.find((v) => v.kind === 'company')!.excerpt;
    out.push({ dimension: 'identity', level: 'high', title: `两份投标文件的投标人名称相同「${fa.company}」`, a: ex(fa), b: ex(fb) });
  }
  const bBy = new Map<string, Identity>();
  for (const v of fb.values) if (v.kind !== 'company') bBy.set(`${PEOPLE.includes(v.kind) ? 'person' : v.kind}:${v.value}`, v);
  // at most MAX_PER_KIND findings of a kind, then one that counts the rest (a bid of 3000 phone numbers)
  const perKind = new Map<string, number>();
  for (const v of fa.values) {
    if (v.kind === 'company') continue;
    const w = bBy.get(`${PEOPLE.includes(v.kind) ? 'person' : v.kind}:${v.value}`);
    if (!w) continue;
    const n = (perKind.get(v.kind) ?? 0) + 1;
    perKind.set(v.kind, n);
    if (n > MAX_PER_KIND) continue;
    const title = v.kind === w.kind ? `相同的${KIND_LABEL[v.kind]}：${v.value}` : `同一人：A 的${KIND_LABEL[v.kind]}是 B 的${KIND_LABEL[w.kind]}（${v.value}）`;
    out.push({ dimension: 'identity', level: 'high', title, a: v.excerpt, b: w.excerpt });
  }
  for (const [kind, n] of perKind) if (n > MAX_PER_KIND) out.push({ dimension: 'identity', level: 'high', title: `另有 ${n - MAX_PER_KIND} 个相同的${KIND_LABEL[kind as IdentityKind]}`, a: '', b: '' });
  return out;
}
