import type { Kysely } from 'kysely';
import { ENTERPRISE_ESSENTIALS, ENTERPRISE_LABELS, EXPIRY_PERMANENT, isCalendarDay, shanghaiToday, type EnterpriseInfo } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import type { EnterpriseFacts } from '@btz/bid-engine/writer';
import { factsOwner, readInfo, type OwnerRef } from './repo.js';

/** Today in Asia/Shanghai as `YYYY-MM-DD` (qualification expiry dates are calendar days there). */
export { shanghaiToday };

/** A dated expiry strictly before today (a certificate is valid through its expiry day; 「长期有效」 and '' never lapse). */
export function isExpired(expiry: string, today: string): boolean {
  return expiry !== EXPIRY_PERMANENT && isCalendarDay(expiry) && expiry < today;
}

const orUndefined = (s: string | undefined | null) => (s && s.trim() ? s.trim() : undefined);

/**
 * The writer's view of the info: only what the user entered (an empty field stays undefined, so the writer marks it
 * 【待填写】), and no qualification that has lapsed.
 */
export function toEnterpriseFacts(info: EnterpriseInfo, now = new Date()): EnterpriseFacts {
  const today = shanghaiToday(now);
  const contacts = info.contacts
    .filter((c) => c.name || c.phone)
    .map((c) => [c.role ? `${c.name}（${c.role}）` : c.name, c.phone].filter(Boolean).join(' '))
    .join('；');
  const facts: EnterpriseFacts = {
    name: orUndefined(info.name),
    creditCode: orUndefined(info.creditCode),
    legalRep: orUndefined(info.legalRep),
    address: orUndefined(info.address),
    contacts: orUndefined(contacts),
    qualifications: info.qualifications
      .filter((q) => !isExpired(q.expiry, today))
      .map((q) => ({ name: q.name, number: orUndefined(q.number), expiry: orUndefined(q.expiry) })),
    staff: info.staff.map((s) => ({ name: s.name, role: s.role, title: orUndefined(s.title) })),
    projects: info.projects.map((p) => ({ name: p.name, client: orUndefined(p.client), year: orUndefined(p.year), amount: orUndefined(p.amount) })),
  };
  // leave out what is not there, so `ent.x ?? placeholder` in the writer works for every field
  for (const k of Object.keys(facts) as (keyof EnterpriseFacts)[]) {
    const v = facts[k];
    if (v === undefined || (Array.isArray(v) && v.length === 0)) delete facts[k];
  }
  return facts;
}

export interface EnterpriseWarnings {
  /** lapsed qualifications left out of the facts: 「安全生产许可证（有效期至 2024-03-31）」 */
  expired: string[];
  /** essential fields (ENTERPRISE_ESSENTIALS) still empty, as keys: 'name', 'creditCode', 'legalRep' */
  missing: string[];
  /** the same, as Chinese labels: 企业名称, 统一社会信用代码, 法定代表人 */
  missingLabels: string[];
}

export function warningsOf(info: EnterpriseInfo, now = new Date()): EnterpriseWarnings {
  const today = shanghaiToday(now);
  const missing = ENTERPRISE_ESSENTIALS.filter((k) => !info[k].trim());
  return {
    expired: info.qualifications.filter((q) => isExpired(q.expiry, today)).map((q) => `${q.name}（有效期至 ${q.expiry}）`),
    missing: [...missing],
    missingLabels: missing.map((k) => ENTERPRISE_LABELS[k]!),
  };
}

/** The enterprise facts the writer may use for this user (its enterprise's in the enterprise role), lapsed ones left out. */
export async function loadEnterpriseFacts(db: Kysely<DB>, ref: OwnerRef & { now?: Date }): Promise<EnterpriseFacts> {
  const owner = await factsOwner(db, ref);
  return toEnterpriseFacts(await readInfo(db, ref.tenantId, owner), ref.now);
}

/** What the writer will not use or will mark: lapsed qualifications and missing essentials. */
export async function enterpriseWarnings(db: Kysely<DB>, ref: OwnerRef & { now?: Date }): Promise<EnterpriseWarnings> {
  const owner = await factsOwner(db, ref);
  return warningsOf(await readInfo(db, ref.tenantId, owner), ref.now);
}
