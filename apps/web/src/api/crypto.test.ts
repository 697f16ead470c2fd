import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesDecrypt, aesEncrypt, desDecrypt, desEncrypt } from './crypto';

const AES_KEY = 'btzAesKey2026abc';
const DES_KEY = 'btzDes26';

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
});
