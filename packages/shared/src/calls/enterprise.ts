import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { ENTERPRISE_LIMITS as L, ENTERPRISE_TEXTS as T, LANDLINE_PATTERN, creditCodeProblem, isValidExpiry } from '../api/enterprise.js';
import type { EnterpriseInfo } from '../api/writing.js';
import { PHONE_PATTERN } from '../rules/phone.js';
import { time } from './answers.js';

/**
 * The edge schema of `/btz/enterprise/info/save`: every string trimmed, lengths and row counts limited, the credit code
 * checked against GB 32100-2015, phones and expiry dates checked. A field left out keeps what is stored (the complete
 * dialog sends only the essentials); a list that is sent replaces the stored list.
 */
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, { error: T.rowNameRequired }).max(max);
const optionalText = (max: number) => text(max).optional();

const creditCode = z
  .string()
  .trim()
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .superRefine((s, ctx) => {
    if (s === '') return;
    const problem = creditCodeProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const phone = z
  .string()
  .trim()
  .transform((s) => s.replace(/\s+/g, ''))
  .refine((s) => s === '' || PHONE_PATTERN.test(s) || LANDLINE_PATTERN.test(s), { error: T.phoneFormat });

const contact = z.object({ name: required(50), phone, role: optionalText(50) });
const qualification = z.object({
  name: required(L.short),
  number: text(L.short).default(''),
  expiry: text(20).default('').refine(isValidExpiry, { error: T.expiryFormat }),
});
const staffMember = z.object({
  name: required(50),
  role: text(50).default(''),
  title: text(50).default(''),
  certificate: optionalText(L.short),
});
const project = z.object({
  name: required(200),
  client: text(L.short).default(''),
  year: text(20).default(''),
  amount: text(50).default(''),
});

const list = <S extends z.ZodType>(row: S, max: number) => z.array(row).max(max, { error: `最多 ${max} 条` });

export const enterpriseInfoBody = z.object({
  name: text(L.name).optional(),
  creditCode: creditCode.optional(),
  legalRep: text(L.legalRep).optional(),
  address: text(L.address).optional(),
  contacts: list(contact, L.contacts).optional(),
  qualifications: list(qualification, L.qualifications).optional(),
  staff: list(staffMember, L.staff).optional(),
  projects: list(project, L.projects).optional(),
});
export type EnterpriseInfoBody = z.infer<typeof enterpriseInfoBody>;

/** `/btz/enterprise/info/get` and `/btz/enterprise/info/save` (docs/api.md, Enterprise). */
/* ---- answers ---- */

const str = z.string();
const enterpriseInfo: z.ZodType<EnterpriseInfo> = z.strictObject({
  name: str,
  creditCode: str,
  legalRep: str,
  address: str,
  contacts: z.array(z.strictObject({ name: str, phone: str, role: str.optional() })),
  qualifications: z.array(z.strictObject({ name: str, number: str, expiry: str })),
  staff: z.array(z.strictObject({ name: str, role: str, title: str, certificate: str.optional() })),
  projects: z.array(z.strictObject({ name: str, client: str, year: str, amount: str })),
  updateTime: time.nullable(),
});

export const enterpriseCalls = {
  get: defineCall({ path: '/btz/enterprise/info/get', auth: true, response: enterpriseInfo }),
  /** the row labels (「第 3 条资质证书的有效期至」) are the server's own (ENTERPRISE_FIELD_LABELS), built once there */
  save: defineCall({ path: '/btz/enterprise/info/save', auth: true, body: enterpriseInfoBody, response: enterpriseInfo }),
};

