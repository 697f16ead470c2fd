/**
 * Fuzzing generated from every call's schemas (issue 29), property-based with fast-check: for each call of
 * `@btz/shared/calls`, query strings, JSON bodies and multipart fields that its own zod schemas refuse — wrong types,
 * missing fields, huge strings, NUL bytes, negative and huge numbers, extra keys, deep nesting, repeated parameters —
 * each answered with the house's 400 (HTTP 200, body code 400, a Chinese message naming what is wrong), never a 5xx;
 * and the server still answers afterwards.
 *
 * Only inputs the call's schema refuses are sent (checked here with the same schema, after the same `dropEmpty` the
 * server applies), so nothing reaches a handler: the calls are made as a real user (or the super-operator for the
 * console, whose guard comes before validation) without changing anything. Fixed seed, a few runs per call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod';
import { OPERATOR_AUTH_HEADER, type AnyCall } from '@btz/shared/calls';
import { dropEmpty } from '../../src/http/validation.js';
import { CALLS_BY_PATH } from '../contracts.js';
import { multipartBody, newUser, startTestServer, type HttpResult, type TestServer } from '../harness.js';
import { signInSuper } from '../admin/helpers.js';

const SEED = 2029;
const RUNS = 6;
const CALLS = [...CALLS_BY_PATH.values()];
const CHINESE = /[\u4e00-\u9fff]/;

let t: TestServer;
let userToken: string;
let superToken: string;

beforeAll(async () => {
  t = await startTestServer();
  userToken = (await newUser(t)).token;
  superToken = (await signInSuper(t)).token;
});
afterAll(async () => {
  await t?.close();
});

/* ---- hostile values ---- */

const hugeString = fc.integer({ min: 5_000, max: 200_000 }).map((n) => '字'.repeat(n));
const nulString = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
const oddNumber = fc.constantFrom(-1, -(2 ** 31), 2 ** 53 + 2, 1e308, -1e308, 0.5, -0.000001, Number.MAX_SAFE_INTEGER);
const oddText = fc.constantFrom('-1', '1e309', '99999999999999999999999', 'NaN', 'Infinity', '0x1F', ' ', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '😀'.repeat(50));
/** a value nested `depth` deep, as arrays or objects */
const nested = fc.tuple(fc.integer({ min: 40, max: 3_000 }), fc.boolean()).map(([depth, arrays]) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  oddNumber,
  fc.integer(),
  fc.string({ maxLength: 20 }),
  oddText,
  hugeString,
  nulString,
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxKeys: 3 }),
  nested,
);
/** a query string value (a URL carries strings only; the huge ones stay under Node's 16 KB header limit) */
const queryValue = fc.oneof(
  oddText,
  fc.string({ maxLength: 20 }),
  fc.integer({ min: 1_000, max: 3_000 }).map((n) => 'x'.repeat(n)),
  nulString,
  oddNumber.map(String),
);

const shapeOf = (s: unknown): Record<string, unknown> => ((s as { shape?: Record<string, unknown> })?.shape ?? {});

/** An object over the schema's keys (each kept, dropped, or given a hostile value), with extra keys sometimes. */
function objectOver<V>(keys: string[], value: fc.Arbitrary<V>): fc.Arbitrary<Record<string, V>> {
  const field = fc.option(value, { nil: undefined, freq: 3 });
  const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'x\u0000y', '$where', 'id'), value, { maxKeys: 2 });
  return fc.tuple(fc.tuple(...keys.map(() => field)), extra).map(([vals, more]) => {
    const out: Record<string, V> = {};
    keys.forEach((k, i) => {
      if (vals[i] !== undefined) out[k] = vals[i] as V;
    });
    return { ...out, ...more };
  });
}

type Input = { query: string; body?: unknown; raw?: string; fields?: Record<string, string> };

/** Inputs for `c`; `refused` says whether the call's schemas refuse one (only those are sent). */
function inputsOf(c: AnyCall): fc.Arbitrary<Input> {
  const qKeys = Object.keys(shapeOf(c.query));
  const query = fc
    .tuple(objectOver(qKeys, queryValue), fc.option(fc.constantFrom(...(qKeys.length ? qKeys : ['id'])), { nil: undefined }))
    .map(([q, repeated]) => {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) p.append(k, v);
      // a repeated parameter arrives as an array
      if (repeated) p.append(repeated, 'again');
      return p.toString();
    });
  if (c.fields) {
    const fKeys = Object.keys(shapeOf(c.fields));
    const fields = objectOver(fKeys.length ? fKeys : ['name'], fc.oneof(queryValue, hugeString.map((s) => s.slice(0, 50_000))));
    return fc.record({ query, fields });
  }
  if (!c.body) return fc.record({ query });
  const bKeys = Object.keys(shapeOf(c.body));
  const body = fc.oneof(
    { weight: 4, arbitrary: objectOver(bKeys.length ? bKeys : ['id'], anyJson) },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const raw = fc.oneof(
    fc.integer({ min: 10_000, max: 200_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
    fc.integer({ min: 10_000, max: 100_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
    fc.constantFrom('{"a":', 'not json', '\u0000', '{"__proto__":{"admin":true}}'),
  );
  return fc.oneof({ weight: 5, arbitrary: fc.record({ query, body }) }, { weight: 1, arbitrary: fc.record({ query, raw }) });
}

/** Whether the call's own schemas refuse the input, as the server reads it. */
function refused(c: AnyCall, input: Input): boolean {
  const q: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(input.query)) q[k] = k in q ? [q[k], v].flat() : v;
  if (Object.values(q).some((v) => String(v).includes('\u0000'))) return true;
  if (c.query && !(c.query as z.ZodType).safeParse(dropEmpty(q)).success) return true;
  if (input.raw !== undefined) return true;
  if (c.fields) return !(c.fields as z.ZodType).safeParse(input.fields ?? {}).success || Object.values(input.fields ?? {}).some((v) => v.includes('\u0000'));
  if (c.body) {
    if (JSON.stringify(input.body ?? null).includes('\\u0000')) return true;
    return !(c.body as z.ZodType).safeParse(input.body ?? {}).success;
  }
  return false;
}

async function send(c: AnyCall, input: Input): Promise<HttpResult<any>> {
  const console = c.path.startsWith('/btz/admin/');
  const headers: Record<string, string> = console ? { [OPERATOR_AUTH_HEADER]: `bearer ${superToken}` } : {};
  const token = c.auth ? userToken : undefined;
  const path = `${c.path}?${input.query}`;
  if (c.fields) {
    const { body, contentType } = multipartBody({ file: { name: '文件.txt', data: Buffer.from('内容') }, fields: input.fields });
    return t.api(path, { token, body, headers: { ...headers, 'content-type': contentType } });
  }
  if (input.raw !== undefined) return t.api(path, { token, headers, body: input.raw });
  return t.api(path, { token, headers, ...(c.body ? { body: input.body ?? null } : {}) });
}

/** What is wrong with the answer to a refused input, or null. */
function problem(c: AnyCall, res: HttpResult<any>): string | null {
  const j = res.json as { code?: number; success?: boolean; msg?: string; error_description?: string } | undefined;
  if (res.status >= 500) return `HTTP ${res.status}`;
  // the token endpoint answers a failure in its own shape (CONVENTIONS.md Transport)
  if (c.envelope === false && j?.success === false && CHINESE.test(j.error_description ?? j.msg ?? '')) return null;
  if (res.status !== 200 || j?.success !== false || j.code !== 400 || !CHINESE.test(j.msg ?? '')) return `not the house's 400: ${res.status} ${res.text.slice(0, 200)}`;
  return null;
}

describe('every call, fuzzed from its schemas', () => {
  it('inputs its schemas refuse answer a Chinese 400, never a 5xx; the server still answers', async () => {
    const wrong: string[] = [];
    let sent = 0;
    for (const c of CALLS) {
      await fc.assert(
        fc.asyncProperty(inputsOf(c), async (input) => {
          if (!refused(c, input)) return;
          sent++;
          const res = await send(c, input);
          const p = problem(c, res);
          // every failure is collected (no shrinking): the list names them all
          if (p) wrong.push(`${c.path}?${input.query.slice(0, 120)} ${JSON.stringify(input.body ?? input.fields ?? input.raw ?? '').slice(0, 120)}: ${p}`);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
    console.log(`[fuzz] ${sent} refused inputs sent to ${CALLS.length} calls`);
    if (wrong.length) console.log(wrong.join('\n'));
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(CALLS.length * 2);
    expect((await t.request('/healthz')).status).toBe(200);
    expect((await t.api<any>('/btz/user/get-info', { token: userToken })).json.success).toBe(true);
  });
});
