import { OPERATOR_AUTH_HEADER } from '@btz/shared/calls';
import { uniquePhone, type CallOptions, type TestServer } from '../harness.js';

/** The one-time link the server printed for the super-operator (the 「[运营]」 line), its ticket. */
export function printedSuperLink(t: TestServer): { line: string; link: string; ticket: string } {
  for (let i = t.logs.length - 1; i >= 0; i--) {
    const j = JSON.parse(t.logs[i]!) as { msg?: string; operatorLink?: { link: string; role: string } };
    if (j.operatorLink?.role === 'super') {
      return { line: j.msg ?? '', link: j.operatorLink.link, ticket: new URL(j.operatorLink.link).searchParams.get('ticket')! };
    }
  }
  throw new Error('the server printed no super-operator link');
}

/** A console call as the operator with this token makes it. */
export function asOperator(t: TestServer, token: string | null, apiPath: string, opts: CallOptions = {}) {
  return t.api<any>(apiPath, { ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { [OPERATOR_AUTH_HEADER]: `bearer ${token}` } : {}) } });
}

/** Sends the operator's SMS code and signs in (with the one-time ticket the first time); the sign-in answer. */
export async function operatorSignIn(t: TestServer, phone: string, ticket?: string): Promise<any> {
  const sent = await t.api<any>('/btz/admin/auth/send-code', { query: { phone } });
  if (!sent.json?.success) throw new Error(`send-code failed: ${sent.text}`);
  const res = await t.api<any>('/btz/admin/auth/sign-in', { body: { phone, key: sent.json.data.key, code: t.smsCode(phone), ...(ticket ? { ticket } : {}) } });
  return res.json;
}

/** Signs the super-operator in through the printed link (binding a fresh phone); its token and phone. */
export async function signInSuper(t: TestServer): Promise<{ token: string; phone: string; id: string }> {
  const phone = uniquePhone();
  const r = await operatorSignIn(t, phone, printedSuperLink(t).ticket);
  if (!r?.success) throw new Error(`super sign-in failed: ${JSON.stringify(r)}`);
  return { token: r.data.token, phone, id: r.data.operator.id };
}

/** The super-operator invites an operator of `tenantId`, who signs in through the link; its token. */
export async function inviteOperator(t: TestServer, superToken: string, tenantId: string, name = '租户运营'): Promise<{ token: string; phone: string; id: string }> {
  const inv = await asOperator(t, superToken, '/btz/admin/operators/invite', { body: { tenantId, name } });
  if (!inv.json?.success) throw new Error(`invite failed: ${inv.text}`);
  const phone = uniquePhone();
  const ticket = new URL(inv.json.data.link).searchParams.get('ticket')!;
  const r = await operatorSignIn(t, phone, ticket);
  if (!r?.success) throw new Error(`operator sign-in failed: ${JSON.stringify(r)}`);
  return { token: r.data.token, phone, id: r.data.operator.id };
}
