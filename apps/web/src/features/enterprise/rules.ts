import type { FormInstance, FormRule } from 'antd';
import {
  ENTERPRISE_LIMITS as L,
  ENTERPRISE_TEXTS as T,
  LANDLINE_PATTERN,
  PHONE_PATTERN,
  creditCodeProblem,
  isValidExpiry,
  type EnterpriseInfo,
  type EnterpriseInfoInput,
} from '@btz/shared';
import { isApiError } from '../../api/ApiError';

/** The form refuses what the server refuses, in the same words (packages/shared/src/api/enterprise.ts). */
export const maxRule = (max: number): FormRule => ({ max, message: `不能超过 ${max} 个字符` });
export const requiredRule = (label: string): FormRule => ({ required: true, whitespace: true, message: `请输入${label}` });

export const creditCodeRule: FormRule = {
  validator: async (_r, value: string | undefined) => {
    const v = (value ?? '').replace(/\s+/g, '').toUpperCase();
    if (!v) return;
    const problem = creditCodeProblem(v);
    if (problem) throw new Error(`统一社会信用代码${problem}`);
  },
};

export const phoneRule: FormRule = {
  validator: async (_r, value: string | undefined) => {
    const v = (value ?? '').replace(/\s+/g, '');
    if (v && !PHONE_PATTERN.test(v) && !LANDLINE_PATTERN.test(v)) throw new Error(`联系电话${T.phoneFormat}`);
  },
};

export const expiryRule: FormRule = {
  validator: async (_r, value: string | undefined) => {
    if (!isValidExpiry(value ?? '')) throw new Error(`有效期至${T.expiryFormat}`);
  },
};

export const LIMITS = L;

const trim = (s: string | undefined | null) => (s ?? '').trim();
const hasAny = (row: Record<string, unknown>) => Object.values(row).some((v) => typeof v === 'string' && v.trim() !== '');

/** The form's values as the save body: strings trimmed, wholly empty rows dropped, the credit code upper-cased. */
export function toSaveBody(v: Partial<EnterpriseInfo>): EnterpriseInfoInput {
  return {
    name: trim(v.name),
    creditCode: trim(v.creditCode).replace(/\s+/g, '').toUpperCase(),
    legalRep: trim(v.legalRep),
    address: trim(v.address),
    contacts: (v.contacts ?? []).filter(hasAny).map((c) => ({ name: trim(c.name), phone: trim(c.phone), ...(trim(c.role) ? { role: trim(c.role) } : {}) })),
    qualifications: (v.qualifications ?? []).filter(hasAny).map((q) => ({ name: trim(q.name), number: trim(q.number), expiry: trim(q.expiry) })),
    staff: (v.staff ?? [])
      .filter(hasAny)
      .map((s) => ({ name: trim(s.name), role: trim(s.role), title: trim(s.title), ...(trim(s.certificate) ? { certificate: trim(s.certificate) } : {}) })),
    projects: (v.projects ?? []).filter(hasAny).map((p) => ({ name: trim(p.name), client: trim(p.client), year: trim(p.year), amount: trim(p.amount) })),
  };
}

/** A server message names the field as 「…（contacts.0.phone）：…」; put it under that field when the form has it. */
export function fieldOfMessage(msg: string): (string | number)[] | null {
  const m = /（([A-Za-z]+(?:\.\d+(?:\.[A-Za-z]+)?)?)）/.exec(msg);
  if (!m) return null;
  return m[1]!.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** The Chinese text of a failed call, and the field it names marked in the form. */
export function showServerError(form: FormInstance | null, e: unknown): string {
  const msg = isApiError(e) && e.message ? e.message : '保存失败，请检查网络后重试';
  const field = fieldOfMessage(msg);
  if (form && field) {
    try {
      form.setFields([{ name: field, errors: [msg] }]);
    } catch {
      /* the field is not on this form */
    }
  }
  return msg;
}
