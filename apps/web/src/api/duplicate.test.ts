import { beforeEach, describe, expect, it } from 'vitest';
import { DUPLICATE_PAYLOAD_CAP_BYTES } from '@btz/shared';
import { isDuplicateSubmit, payloadFingerprint, resetDuplicateGuard } from './duplicate';

describe('duplicate-submit guard (spec §5)', () => {
  beforeEach(resetDuplicateGuard);

  it('refuses the same post to the same path with the same body within 1 s', () => {
    expect(isDuplicateSubmit('post', '/btz/x', { a: 1 }, 1000)).toBe(false);
    expect(isDuplicateSubmit('post', '/btz/x', { a: 1 }, 1999)).toBe(true);
  });
  it('lets it through after the window, or with another body or path', () => {
    expect(isDuplicateSubmit('post', '/btz/x', { a: 1 }, 0)).toBe(false);
    expect(isDuplicateSubmit('post', '/btz/x', { a: 1 }, 1000)).toBe(false);
    expect(isDuplicateSubmit('post', '/btz/x', { a: 2 }, 1001)).toBe(false);
    expect(isDuplicateSubmit('post', '/btz/x?id=2', { a: 2 }, 1002)).toBe(false);
  });
  it('guards put too, but never get', () => {
    expect(isDuplicateSubmit('put', '/p', 'x', 0)).toBe(false);
    expect(isDuplicateSubmit('put', '/p', 'x', 10)).toBe(true);
    expect(isDuplicateSubmit('get', '/g', 'x', 0)).toBe(false);
    expect(isDuplicateSubmit('get', '/g', 'x', 10)).toBe(false);
  });
  it('skips payloads of 5 MB or more', () => {
    const big = 'x'.repeat(DUPLICATE_PAYLOAD_CAP_BYTES);
    expect(payloadFingerprint(big).key).toBeNull();
    expect(isDuplicateSubmit('post', '/u', big, 0)).toBe(false);
    expect(isDuplicateSubmit('post', '/u', big, 10)).toBe(false);
  });
  it('fingerprints form data by its fields and files', () => {
    const a = new FormData();
    a.append('name', 'x');
    a.append('file', new Blob(['hello']), 'a.txt');
    const fp = payloadFingerprint(a);
    expect(fp.size).toBe(6);
    expect(fp.key).toContain('file=file:a.txt:5');
  });
});
