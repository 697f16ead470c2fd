import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPayload, encryptPayload } from '../../../server/src/http/payload-crypto';
import { aesDecrypt, aesEncrypt, desDecrypt, desEncrypt, md5 } from './crypto';

const AES_KEY = 'btzAesKey2026abc';
const DES_KEY = 'btzDes26';

/**
 * The wire format, fixed: these ciphertexts were written by crypto-js (what both sides used before) with the default keys
 * — AES-CBC/PKCS7 with IV = key, DES-ECB/PKCS7, base64. The web app and the server must both write and read exactly them.
 */
const PLAIN = JSON.stringify({ phone: '13800138000', 名称: '标书 AI', n: 1 });
const AES_VECTOR = 'NsfxEeYS9MQPL0Kvdfe3QMVlNlpJ2RDxqnLyKuPrvlTqj0mDqNxgRubbdSOxepkYwXF0RM3b3ID8zvnrPMI//w==';
const DES_VECTOR = '6+Hd71g3pbhO5PHrR8W0WJ5Vw7y2Dom7rZK4Lv+YAa+D8jDd7N7+5T/YgEYv4iuEFtvDoST7qHE=';

describe('payload encryption (CONVENTIONS.md Transport)', () => {
  it('AES-CBC/PKCS7 with IV = key round-trips and matches Node (what the server uses)', () => {
    const plain = JSON.stringify({ phone: '13800138000', 名称: '标书' });
    const cipher = aesEncrypt(plain, AES_KEY);
    expect(aesDecrypt(cipher, AES_KEY)).toBe(plain);
    const key = Buffer.from(AES_KEY, 'utf8');
    const d = createDecipheriv('aes-128-cbc', key, key);
    expect(Buffer.concat([d.update(Buffer.from(cipher, 'base64')), d.final()]).toString('utf8')).toBe(plain);
  });
  it('DES-ECB/PKCS7 round-trips', () => {
    const plain = 'a=1&b=标书';
    const cipher = desEncrypt(plain, DES_KEY);
    expect(cipher).not.toContain('a=1');
    expect(desDecrypt(cipher, DES_KEY)).toBe(plain);
  });

  it('the web app and the server write the known vectors and read each other', () => {
    expect(aesEncrypt(PLAIN, AES_KEY)).toBe(AES_VECTOR);
    expect(encryptPayload('aes', AES_KEY, PLAIN)).toBe(AES_VECTOR);
    expect(desEncrypt(PLAIN, DES_KEY)).toBe(DES_VECTOR);
    expect(encryptPayload('des', DES_KEY, PLAIN)).toBe(DES_VECTOR);
    // the server reads what the web app writes, and the other way round
    for (const plain of [PLAIN, 'a=1&b=标书', '', 'x'.repeat(8), 'y'.repeat(16)]) {
      if (plain) expect(decryptPayload('aes', AES_KEY, aesEncrypt(plain, AES_KEY))).toBe(plain);
      if (plain) expect(decryptPayload('des', DES_KEY, desEncrypt(plain, DES_KEY))).toBe(plain);
      expect(aesDecrypt(encryptPayload('aes', AES_KEY, plain), AES_KEY)).toBe(plain);
      expect(desDecrypt(encryptPayload('des', DES_KEY, plain), DES_KEY)).toBe(plain);
    }
  });

  it('a wrong key or mangled data is refused, not read as garbage', () => {
    expect(() => decryptPayload('aes', 'otherAesKey2026x', AES_VECTOR)).toThrow(/无法解密/);
    expect(() => decryptPayload('des', 'otherDes', DES_VECTOR)).toThrow(/无法解密/);
    expect(() => decryptPayload('aes', AES_KEY, 'not base64 at all')).toThrow(/无法解密/);
    expect(() => aesDecrypt(AES_VECTOR, 'otherAesKey2026x')).toThrow();
  });

  it('md5 is hex of the UTF-8 bytes', () => {
    expect(md5('标书')).toBe('49c084fd26a7fe0fe9ad290ee2a75cd2');
  });
});
