import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../db/connection.js';
import type { OperatorsTable } from '../../../db/schema-admin.js';
import '../../../db/schema-admin.js';

export type OperatorRow = Selectable<OperatorsTable>;

export function findOperator(db: Database, id: string) {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOperatorByPhone(db: Database, phone: string) {
  return db.selectFrom('operators').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** The operator an unexpired, unused one-time ticket names. */
export function findOperatorByTicket(db: Database, ticketHash: string, now: Date) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('ticket_hash', '=', ticketHash)
    .where('ticket_expires_at', '>', now)
    .where('phone', 'is', null)
    .executeTakeFirst();
}

export function findSuperOperator(db: Database) {
  return db.selectFrom('operators').selectAll().where('role', '=', 'super').executeTakeFirst();
}

/** Creates the operator unless one of the same unique key exists (the one super-operator: two instances may start together). */
export async function insertOperator(db: Database, row: Insertable<OperatorsTable>): Promise<void> {
  await db.insertInto('operators').values(row).onConflict((oc) => oc.doNothing()).execute();
}

export async function setTicket(db: Database, id: string, ticketHash: string, expiresAt: Date): Promise<void> {
  await db.updateTable('operators').set({ ticket_hash: ticketHash, ticket_expires_at: expiresAt, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Binds the phone and spends the ticket, once: false when the ticket was spent meanwhile. */
export async function bindPhone(db: Database, id: string, ticketHash: string, phone: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('operators')
    .set({ phone, ticket_hash: null, ticket_expires_at: null, last_sign_in_at: now, updated_at: now })
    .where('id', '=', id)
    .where('ticket_hash', '=', ticketHash)
    .where('phone', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function touchSignIn(db: Database, id: string, now: Date): Promise<void> {
  await db.updateTable('operators').set({ last_sign_in_at: now }).where('id', '=', id).execute();
}

export async function insertSession(db: Database, s: { id: string; operatorId: string; ip: string; userAgent: string; expiresAt: Date }) {
  await db
    .insertInto('operator_sessions')
    .values({ id: s.id, operator_id: s.operatorId, ip: s.ip, user_agent: s.userAgent.slice(0, 500), expires_at: s.expiresAt })
    .execute();
}

/** A live session of an active operator. */
export function findLiveSession(db: Database, sessionId: string, operatorId: string, now: Date) {
  return db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select(['operators.id', 'operators.role', 'operators.tenant_id', 'operators.name', 'operator_sessions.expires_at'])
    .where('operator_sessions.id', '=', sessionId)
    .where('operator_sessions.operator_id', '=', operatorId)
    .where('operator_sessions.revoked_at', 'is', null)
    .where('operator_sessions.expires_at', '>', now)
    .where('operators.status', '=', 1)
    .executeTakeFirst();
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

export async function revokeSessionsOf(db: Database, operatorId: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).execute();
}

export function listOperators(db: Database, tenantId: string | null) {
  let q = db.selectFrom('operators').selectAll();
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export async function setOperatorStatus(db: Database, id: string, status: number): Promise<OperatorRow | undefined> {
  return db.updateTable('operators').set({ status, updated_at: new Date() }).where('id', '=', id).where('role', '=', 'operator').returningAll().executeTakeFirst();
}

export function listTenants(db: Database, tenantId: string | null) {
  let q = db.selectFrom('tenants').select(['id', 'code', 'branding']);
  if (tenantId) q = q.where('id', '=', tenantId);
  return q.orderBy('id').execute();
}
