import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An operator's token: an HMAC-signed `{ sid, oid, exp }` naming a row of `operator_sessions`, signed with a key of its
 * own (derived from the server's token secret) so a user's token is never an operator's, nor the reverse.
 */
export interface OperatorTokenPayload {
  sid: string;
  oid: string;
  /** seconds since epoch */
  exp: number;
}

const keyOf = (secret: string) => createHash('sha256').update(`operator-token:${secret}`).digest();

export function signOperatorToken(secret: string, p: OperatorTokenPayload): string {
  const body = Buffer.from(JSON.stringify(p)).toString('base64url');
  return `${body}.${createHmac('sha256', keyOf(secret)).update(body).digest('base64url')}`;
}

export function decodeOperatorToken(secret: string, token: string): OperatorTokenPayload | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(body).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OperatorTokenPayload;
    if (typeof p.sid !== 'string' || typeof p.oid !== 'string' || typeof p.exp !== 'number' || p.exp * 1000 <= Date.now()) return null;
    return p;
  } catch {
    return null;
  }
}

/** Only the hash of a one-time sign-in ticket is stored. */
export const ticketHash = (ticket: string) => createHash('sha256').update(`operator-ticket:${ticket}`).digest('hex');
