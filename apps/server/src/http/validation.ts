import { z } from 'zod';
import type { AnyCall, CallFields } from '@btz/shared/calls';
import { badRequest } from './errors.js';

const CJK = /[\u3400-\u9fff]/;

/**
 * Turns the first zod issue into a Chinese message that names the field: "手机号（phone）格式不正确".
 * A schema may carry its own Chinese message (`{ error: '…' }`); it is used as is, prefixed by the field.
 */
export function issueMessage(issue: z.core.$ZodIssue, labels: Record<string, string>, input?: unknown): string {
  const key = issue.path.map(String).join('.') || '参数';
  // `images.1` reads as the list's label: 图片（images.1）
  const name = labels[key] ?? labels[String(issue.path[issue.path.length - 1] ?? '')] ?? labels[String(issue.path[0] ?? '')];
  const label = name ? `${name}（${key}）` : key;
  if (issue.message && CJK.test(issue.message)) return `${label}：${issue.message}`;
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 does not put the input on its issues: look the value up in what was sent
      return valueAt(input, issue.path) === undefined ? `缺少参数：${label}` : `${label}类型不正确`;
    case 'too_small':
      return issue.origin === 'string' ? `${label}不能少于 ${issue.minimum} 个字符` : `${label}不能小于 ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string' ? `${label}不能超过 ${issue.maximum} 个字符` : `${label}不能大于 ${issue.maximum}`;
    case 'invalid_value':
      return `${label}取值不正确`;
    case 'invalid_format':
      return `${label}格式不正确`;
    case 'unrecognized_keys':
      return `不支持的参数：${issue.keys.join('、')}`;
    default:
      return `${label}不正确`;
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown, labels: Record<string, string> = {}): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw badRequest(issueMessage(r.error.issues[0]!, labels, input));
  return r.data;
}

/**
 * The form fields of a multipart call, checked against the call's `fields` schema once the upload is read: a bad or
 * unknown field is refused with a Chinese 400 naming it. Empty fields count as not sent (as in query strings). A
 * field's own message that already names the field (「请选择标书版本（1 普通版，2 旗舰版）」) is given as it is.
 */
export function uploadFields<C extends AnyCall>(call: C, fields: Record<string, string>): CallFields<C> {
  if (!call.fields) throw new Error(`${call.path} declares no multipart fields`);
  const input = dropEmpty(fields);
  const r = (call.fields as z.ZodType).safeParse(input);
  if (r.success) return r.data as CallFields<C>;
  const issue = r.error.issues[0]!;
  const labels = call.labels ?? {};
  const label = labels[String(issue.path[0] ?? '')];
  throw badRequest(label && issue.message.includes(label) ? issue.message : issueMessage(issue, labels, input));
}

/** Query strings arrive as strings; an empty value means "not given" (the spec's client sends `invitation_code=`). */
export function dropEmpty(q: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q ?? {})) {
    if (v === '' || v === undefined || v === 'undefined' || v === 'null') continue;
    out[k] = Array.isArray(v) ? v[v.length - 1] : v;
  }
  return out;
}

/** The images a user may point at (avatar, feedback pictures): defined with the calls that take them. */
export { OWN_IMAGE_PATH, ownImagePath } from '@btz/shared/calls';
