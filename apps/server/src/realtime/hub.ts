/**
 * The sessions of this process, indexed for the three things that happen to them: delivering a message to
 * a destination, closing all sessions of a user (logout), closing all sessions of one login (token revoked).
 * Cross-instance fan-out is the relay's job; the hub only ever touches local sessions.
 */
import { randomUUID } from 'node:crypto';
import type { SessionHost, StompSession, Subscription } from './session.js';

/** Message body, as in CONVENTIONS.md "Realtime messages". */
export interface RealtimeMessage<T = unknown> {
  id: string;
  kind: string;
  data: T;
  ts: number;
}

export function makeMessage(kind: string, data: unknown): RealtimeMessage {
  // The id is made once, before the relay, so every instance and every reconnect sees the same id:
  // the browser drops ids it has already seen.
  return { id: randomUUID(), kind, data, ts: Date.now() };
}

export class Hub implements SessionHost {
  private readonly sessions = new Map<string, StompSession>();
  private readonly byUser = new Map<string, Set<StompSession>>();
  private readonly byAuthSession = new Map<string, Set<StompSession>>();
  private readonly byDestination = new Map<string, Set<Subscription>>();

  attached(session: StompSession): void {
    const auth = session.auth;
    if (!auth) return;
    this.sessions.set(session.id, session);
    addTo(this.byUser, auth.userId, session);
    addTo(this.byAuthSession, auth.sessionId, session);
  }

  detached(session: StompSession): void {
    const auth = session.auth;
    this.sessions.delete(session.id);
    if (!auth) return;
    removeFrom(this.byUser, auth.userId, session);
    removeFrom(this.byAuthSession, auth.sessionId, session);
  }

  subscribed(sub: Subscription): void {
    addTo(this.byDestination, sub.key, sub);
  }

  unsubscribed(sub: Subscription): void {
    removeFrom(this.byDestination, sub.key, sub);
  }

  /** Delivers an already-serialized body to every local subscriber of `destination`. Returns the count. */
  deliver(destination: string, messageId: string, body: string): number {
    const subs = this.byDestination.get(destination);
    if (!subs || subs.size === 0) return 0;
    const length = Buffer.byteLength(body, 'utf8');
    // Copy: a failing write may close a session, which edits the set while we iterate.
    let n = 0;
    for (const sub of [...subs]) {
      sub.session.deliver(sub, messageId, body, length);
      n++;
    }
    return n;
  }

  closeUserSessions(userId: string, reason: string): number {
    return this.failAll(this.byUser.get(userId), reason);
  }

  closeAuthSession(authSessionId: string, reason: string): number {
    return this.failAll(this.byAuthSession.get(authSessionId), reason);
  }

  /** Closes one STOMP session by its id (the CONNECTED `session` header). */
  closeSession(sessionId: string, reason: string): boolean {
    const s = this.sessions.get(sessionId);
    if (!s) return false;
    s.fail(reason);
    return true;
  }

  /** Shutdown: plain close (no ERROR), clients will reconnect to another instance or to this one restarted. */
  closeAll(): void {
    for (const s of [...this.sessions.values()]) s.close();
  }

  stats(): { sessions: number; users: number; destinations: number } {
    return { sessions: this.sessions.size, users: this.byUser.size, destinations: this.byDestination.size };
  }

  private failAll(set: Set<StompSession> | undefined, reason: string): number {
    if (!set) return 0;
    const list = [...set];
    for (const s of list) s.fail(reason);
    return list.length;
  }
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
