import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService, type TokenPayload } from './tokens.js';

const svc = (secret = 'unit-secret') => new TokenService(null as never, secret, 3600);
const payload = (over: Partial<TokenPayload> = {}): TokenPayload => ({
  sid: 's1',
  uid: 'u1',
  tid: '000000',
  exp: Math.floor(Date.now() / 1000) + 60,
  typ: 'access',
  ...over,
});

describe('TokenService.decode (the signature check is remembered per token)', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a signed token, and again from memory, with its type and expiry checked each time', () => {
    const t = svc();
    const token = t['sign'](payload());
    expect(t.decode(token)?.uid).toBe('u1');
    expect(t.decode(token)?.uid).toBe('u1');
    expect(t.decode(token, 'refresh')).toBeNull();
    const refresh = t['sign'](payload({ typ: 'refresh' }));
    expect(t.decode(refresh)).toBeNull(); // refused as an access token before it was remembered…
    expect(t.decode(refresh, 'refresh')?.typ).toBe('refresh'); // …and still a good refresh token
  });

  it('a token remembered while valid is refused once it expires', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
    const t = svc();
    const token = t['sign'](payload({ exp: Math.floor(Date.now() / 1000) + 30 }));
    expect(t.decode(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-29T10:00:31Z'));
    expect(t.decode(token)).toBeNull();
  });

  it('a remembered token does not make a forged one pass: another signature, another body, another secret', () => {
    const t = svc();
    const token = t['sign'](payload());
    expect(t.decode(token)).not.toBeNull();
    const [body, sig] = token.split('.');
    const flipped = sig!.slice(0, -2) + (sig!.endsWith('A') ? 'B' : 'A') + sig!.slice(-1);
    expect(t.decode(`${body}.${flipped}`)).toBeNull();
    const forgedBody = Buffer.from(JSON.stringify(payload({ uid: 'u2' }))).toString('base64url');
    expect(t.decode(`${forgedBody}.${sig}`)).toBeNull();
    expect(svc('another-secret').decode(token)).toBeNull();
    expect(t.decode(`${token}.extra`)).toBeNull();
  });

  it('the payload handed out cannot be changed for the next caller', () => {
    const t = svc();
    const token = t['sign'](payload());
    const p = t.decode(token)!;
    expect(() => {
      (p as { uid: string }).uid = 'u2';
    }).toThrow();
    expect(t.decode(token)?.uid).toBe('u1');
  });
});
