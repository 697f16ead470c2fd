/**
 * Verified sessions remembered in-process for a short time (AUTH_CACHE_MS), so a call with a token whose session was
 * read a moment ago does not read it again (get-info under load: one round trip instead of two).
 *
 * What it holds is only "this token's session is live, for this user and tenant, until …" — never the user's row,
 * role, team or rights, which every call still reads. So only what ends a session or an account's right to log in
 * must forget it: logout, refresh (the old session is rotated out), logout-all, disabling a user. Those go through
 * TokenService.ended(), which forgets here at once and tells every other instance through the realtime relay (Redis
 * pub/sub). While Redis is down the other instances learn nothing, and the TTL bounds how long they still accept it.
 *
 * A read that raced an invalidation must not put the stale answer back: every forget bumps `generation`, and an
 * answer is kept only when no forget happened since its read began.
 */
/** A verified session as TokenService.verify answers it (its AuthInfo; declared here so the two files form no circle). */
export interface VerifiedSession {
  userId: string;
  tenantId: string;
  sessionId: string;
  /** ms since epoch */
  expiresAt: number;
}

export interface SessionsEnded {
  /** one login (logout, refresh rotation) */
  sessionId?: string;
  /** every login of the user (logout-all, disabled) */
  userId?: string;
}

interface Entry {
  info: VerifiedSession;
  /** ms since epoch: the earlier of the TTL and the session's own expiry */
  until: number;
}

export class SessionCache {
  private readonly bySession = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private gen = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get generation(): number {
    return this.gen;
  }

  get(sessionId: string): VerifiedSession | null {
    if (this.ttlMs <= 0) return null;
    const e = this.bySession.get(sessionId);
    if (!e) return null;
    if (e.until <= Date.now()) {
      this.drop(sessionId);
      return null;
    }
    return e.info;
  }

  /** Remembers a verified session, unless something was forgotten since `readAt` (the generation its read began at). */
  set(info: VerifiedSession, readAt: number): void {
    if (this.ttlMs <= 0 || readAt !== this.gen) return;
    if (this.bySession.size >= this.maxEntries) {
      // the oldest insertions first (Map keeps insertion order); a full cache only costs reads
      const oldest = this.bySession.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.bySession.set(info.sessionId, { info, until: Math.min(Date.now() + this.ttlMs, info.expiresAt) });
    let set = this.byUser.get(info.userId);
    if (!set) this.byUser.set(info.userId, (set = new Set()));
    set.add(info.sessionId);
  }

  forget(ended: SessionsEnded): void {
    this.gen++;
    if (ended.sessionId) this.drop(ended.sessionId);
    if (ended.userId) for (const sid of [...(this.byUser.get(ended.userId) ?? [])]) this.drop(sid);
  }

  get size(): number {
    return this.bySession.size;
  }

  private drop(sessionId: string): void {
    const e = this.bySession.get(sessionId);
    if (!e) return;
    this.bySession.delete(sessionId);
    const set = this.byUser.get(e.info.userId);
    set?.delete(sessionId);
    if (set && set.size === 0) this.byUser.delete(e.info.userId);
  }
}
