import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/connection.js';
import { newId } from '../lib/ids.js';
import { SessionCache, type SessionsEnded } from './session-cache.js';

/**
 * Access and refresh tokens: an HMAC-signed payload naming a row of `auth_sessions`. The signature rejects forged
 * tokens without a database round trip; the session row makes logout (revocation) and expiry server-side facts.
 */
export interface TokenPayload {
  sid: string;
  uid: string;
  tid: string;
  /** expiry, seconds since epoch */
  exp: number;
  typ: 'access' | 'refresh';
}

export interface AuthInfo {
  userId: string;
  tenantId: string;
  sessionId: string;
  /** ms since epoch */
  expiresAt: number;
}

/** how many checked tokens an instance remembers (~300 bytes each) */
const TOKEN_MEMO_MAX = 10_000;

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

export class TokenService {
  /** verified sessions, remembered for AUTH_CACHE_MS (auth/session-cache.ts) */
  readonly sessions: SessionCache;

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly ttlS: number,
    private readonly opts: {
      /** AUTH_CACHE_MS; 0 = no cache */
      cacheMs?: number;
      /** tells the other instances that sessions ended (the realtime relay); this instance has forgotten them already */
      announce?: (ended: SessionsEnded) => Promise<void>;
    } = {},
  ) {
    this.sessions = new SessionCache(opts.cacheMs ?? 0);
  }

  private sign(p: TokenPayload): string {
    const body = b64(JSON.stringify(p));
    return `${body}.${createHmac('sha256', this.secret).update(body).digest('base64url')}`;
  }

  /**
   * Tokens whose signature this instance checked, with their payload: an HMAC per call was 2.5 % of a get-info's CPU,
   * and a call checks its token up to three times (rate limit, auth, upload record). Only signed tokens enter; the
   * type and expiry are still checked on every call; the whole map is dropped when it reaches TOKEN_MEMO_MAX.
   */
  private readonly signed = new Map<string, TokenPayload>();

  /** Checks the signature and expiry only (no database). */
  decode(token: string, typ: TokenPayload['typ'] = 'access'): TokenPayload | null {
    const known = this.signed.get(token);
    if (known) return known.typ === typ && known.exp * 1000 > Date.now() ? known : null;
    const [body, sig, extra] = token.split('.');
    if (!body || !sig || extra !== undefined) return null;
    const expected = createHmac('sha256', this.secret).update(body).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
      if (typeof p.exp !== 'number') return null;
      if (this.signed.size >= TOKEN_MEMO_MAX) this.signed.clear();
      this.signed.set(token, Object.freeze(p));
      if (p.typ !== typ || p.exp * 1000 <= Date.now()) return null;
      return p;
    } catch {
      return null;
    }
  }

  /** Full check: signature, expiry, and a live (not revoked, not expired) session of the same user and tenant. */
  async verify(token: string): Promise<AuthInfo | null> {
    const p = this.decode(token);
    if (!p) return null;
    const known = this.sessions.get(p.sid);
    if (known) return known.userId === p.uid && known.tenantId === p.tid ? known : null;
    const readAt = this.sessions.generation;
    const s = await this.db
      .selectFrom('auth_sessions')
      .innerJoin('users', 'users.id', 'auth_sessions.user_id')
      .select(['auth_sessions.expires_at', 'users.status'])
      .where('auth_sessions.id', '=', p.sid)
      .where('auth_sessions.user_id', '=', p.uid)
      .where('auth_sessions.tenant_id', '=', p.tid)
      .where('auth_sessions.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!s || s.status !== 1 || new Date(s.expires_at).getTime() <= Date.now()) return null;
    const info = { userId: p.uid, tenantId: p.tid, sessionId: p.sid, expiresAt: Math.min(p.exp * 1000, new Date(s.expires_at).getTime()) };
    this.sessions.set(info, readAt);
    return info;
  }

  /**
   * Sessions ended in the database (revoked, or their user disabled): forgotten here at once and on every other
   * instance through the relay. Call it after the change is committed — a read that began before would find them live.
   */
  async ended(e: SessionsEnded): Promise<void> {
    this.sessions.forget(e);
    await this.opts.announce?.(e);
  }

  /** Opens a login session and returns its tokens. */
  async issue(opts: { userId: string; tenantId: string; source: number; ip: string; userAgent: string }) {
    const sid = newId();
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.ttlS;
    await this.db
      .insertInto('auth_sessions')
      .values({
        id: sid,
        user_id: opts.userId,
        tenant_id: opts.tenantId,
        source: opts.source,
        ip: opts.ip,
        user_agent: opts.userAgent.slice(0, 500),
        expires_at: new Date(exp * 1000),
      })
      .execute();
    const base = { sid, uid: opts.userId, tid: opts.tenantId };
    return {
      sessionId: sid,
      accessToken: this.sign({ ...base, exp, typ: 'access' }),
      refreshToken: this.sign({ ...base, exp, typ: 'refresh' }),
      expiresIn: this.ttlS,
    };
  }

  /**
   * A refresh token is good once: its session is revoked and the caller opens a new one (rotation), so a stolen
   * refresh token stops working as soon as either party uses it. A token of another tenant (sent to another brand's
   * host) is refused before anything is revoked.
   */
  async consumeRefresh(refreshToken: string, tenantId: string): Promise<{ userId: string; tenantId: string } | null> {
    const p = this.decode(refreshToken, 'refresh');
    if (!p || p.tid !== tenantId) return null;
    const res = await this.db
      .updateTable('auth_sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', p.sid)
      .where('user_id', '=', p.uid)
      .where('tenant_id', '=', p.tid)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return null;
    // the access token of the rotated-out session stops working too, on every instance
    await this.ended({ sessionId: p.sid });
    return { userId: p.uid, tenantId: p.tid };
  }

  /** A short-lived signed ticket for a multi-step flow (e.g. change phone: old phone verified → new phone). */
  signTicket(purpose: string, subject: string, ttlS: number): string {
    const body = b64(JSON.stringify({ p: purpose, s: subject, exp: Math.floor(Date.now() / 1000) + ttlS }));
    return `${body}.${createHmac('sha256', this.secret).update(`ticket:${body}`).digest('base64url')}`;
  }

  verifyTicket(ticket: string, purpose: string, subject: string): boolean {
    const [body, sig] = ticket.split('.');
    if (!body || !sig) return false;
    const expected = createHmac('sha256', this.secret).update(`ticket:${body}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    try {
      const t = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: string; s: string; exp: number };
      return t.p === purpose && t.s === subject && t.exp * 1000 > Date.now();
    } catch {
      return false;
    }
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('auth_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
    await this.ended({ sessionId });
  }
}

/** `Blade-Auth: bearer <token>` — the scheme is case-insensitive (CONVENTIONS.md Transport). */
export function bearerToken(header: string | string[] | undefined): string | null {
  const v = Array.isArray(header) ? header[0] : header;
  if (!v) return null;
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(v);
  return m ? m[1]! : null;
}
