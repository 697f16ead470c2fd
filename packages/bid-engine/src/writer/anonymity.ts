import type { BidOutlineNode, TenderCard } from '@btz/shared';
import type { EnterpriseFacts } from './offline/context.js';

/**
 * 暗标 in the writer (issue 15): when the tender requires the technical bid to be anonymous (`card.anonymity.required`),
 * a section of the technical part names no bidder, person, phone, address or number — it says 我方 and gives people by
 * their post. The commercial forms (投标函, 授权委托书…) still carry the bidder's name: they are not part of the 暗标.
 * The same part the 暗标 check of a written bid reads (outline nodes of kind 技术).
 */

/** What stands where a name, a phone or a number would: not a placeholder (nothing to fill in), a note why it is empty. */
export const ANONYMOUS_MARK = '（暗标不署名）';

/** How an anonymous section refers to the bidder. */
export const ANONYMOUS_SELF = '我方';

/** The model's instruction for a section of the anonymous part. */
export const ANONYMITY_RULE =
  '本节属于暗标部分（招标文件要求技术标暗标）：正文不得出现投标人名称或简称、人员姓名、电话、邮箱、网址、地址、统一社会信用代码和证书编号，一律以「我方」自称，人员只写岗位，不使用彩色文字。';

export function isAnonymousSection(card: TenderCard, node: Pick<BidOutlineNode, 'kind'>): boolean {
  return !!card.anonymity?.required && node.kind === '技术';
}

/** The enterprise facts an anonymous section may use: no name, people, contacts or numbers (certificates by name only). */
export function anonymousFacts(ent: EnterpriseFacts): EnterpriseFacts {
  return {
    legalRep: ANONYMOUS_MARK,
    address: ANONYMOUS_MARK,
    contacts: ANONYMOUS_MARK,
    creditCode: ANONYMOUS_MARK,
    ...(ent.qualifications ? { qualifications: ent.qualifications.map((q) => ({ name: q.name, ...(q.expiry ? { expiry: q.expiry } : {}) })) } : {}),
    ...(ent.staff ? { staff: ent.staff.map((s) => ({ role: s.role, name: ANONYMOUS_MARK, ...(s.title ? { title: s.title } : {}) })) } : {}),
    ...(ent.projects ? { projects: ent.projects.map((p) => ({ ...p, client: undefined })) } : {}),
  };
}
