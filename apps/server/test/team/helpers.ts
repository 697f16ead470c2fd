/** Teams in the API tests: an admin (the first to switch to the enterprise role) and members who joined by phone. */
import { expect } from 'vitest';
import { newUser, uniquePhone, type TestServer } from '../harness.js';

export type Person = Awaited<ReturnType<typeof newUser>>;

export async function ok<T = any>(p: Promise<{ json: any; text: string }>): Promise<T> {
  const res = await p;
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as T;
}

/** A user in the enterprise role: the admin of a new team. */
export async function teamAdmin(t: TestServer): Promise<Person> {
  const a = await newUser(t);
  await ok(t.api('/btz/user/switch-role', { token: a.token, query: { loginRole: 1 } }));
  return a;
}

/** Invites a new phone and has it log in and accept. */
export async function addMember(t: TestServer, admin: Person): Promise<Person> {
  const phone = uniquePhone();
  await ok(t.api('/btz/team/invite-phone', { token: admin.token, query: { phone } }));
  const m = await newUser(t, { phone });
  const inv = await ok<{ code: string }[]>(t.api('/btz/team/invitations', { token: m.token }));
  expect(inv).toHaveLength(1);
  await ok(t.api('/btz/team/join', { token: m.token, query: { code: inv[0]!.code } }));
  return m;
}
