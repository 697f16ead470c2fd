import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

const info = (sessionId: string, userId = 'u1', expiresAt = Date.now() + 3_600_000) => ({ sessionId, userId, tenantId: '000000', expiresAt });

describe('SessionCache', () => {
  it('remembers a verified session and forgets it by session or by user', () => {
    const c = new SessionCache(600_000);
    c.set(info('s1'), c.generation);
    c.set(info('s2'), c.generation);
    c.set(info('s3', 'u2'), c.generation);
    expect(c.get('s1')?.userId).toBe('u1');
    c.forget({ sessionId: 's1' });
    expect(c.get('s1')).toBeNull();
    expect(c.get('s2')).not.toBeNull();
    c.forget({ userId: 'u1' });
    expect(c.get('s2')).toBeNull();
    expect(c.get('s3')?.userId).toBe('u2');
  });

  it('does not keep an answer read before a forget (a read racing a logout)', () => {
    const c = new SessionCache(600_000);
    const readAt = c.generation;
    c.forget({ sessionId: 's1' }); // the logout lands while the read is in flight
    c.set(info('s1'), readAt);
    expect(c.get('s1')).toBeNull();
    c.set(info('s1'), c.generation);
    expect(c.get('s1')).not.toBeNull();
  });

  it('never outlives the session itself, holds nothing when off, and stays within its size', () => {
    const c = new SessionCache(600_000, 2);
    c.set(info('gone', 'u1', Date.now() - 1), c.generation);
    expect(c.get('gone')).toBeNull();
    c.set(info('a'), c.generation);
    c.set(info('b'), c.generation);
    c.set(info('c'), c.generation);
    expect(c.size).toBe(2);
    expect(c.get('a')).toBeNull();
    const off = new SessionCache(0);
    off.set(info('s1'), off.generation);
    expect(off.get('s1')).toBeNull();
  });
});
