import { createCipheriv, createDecipheriv } from 'node:crypto';
import { badRequest } from './errors.js';

/**
 * Optional payload encryption of spec §7/§9 (CONVENTIONS.md Transport): AES-CBC/PKCS7 with IV = key, or DES-ECB/PKCS7,
 * the key the UTF-8 bytes of CRYPTO_AES_KEY / CRYPTO_DES_KEY, the ciphertext in base64 — the web app's api/crypto.ts
 * writes the same (payload-crypto.test.ts holds both to one known vector). Node's crypto: DES-ECB is triple DES with the
 * one key three times (encrypt, decrypt, encrypt with k is encrypt with k), as OpenSSL 3 keeps single DES in its legacy
 * provider only. It hides payloads from casual eyes only; TLS is the real protection.
 */
export type CryptoType = 'aes' | 'des';

function cipherOf(type: CryptoType, key: string): { algorithm: string; key: Buffer; iv: Buffer | null } {
  const k = Buffer.from(key, 'utf8');
  if (type === 'aes') return { algorithm: 'aes-128-cbc', key: k, iv: k };
  return { algorithm: 'des-ede3-ecb', key: Buffer.concat([k, k, k]), iv: null };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decryptPayload(type: CryptoType, key: string, base64: string): string {
  let plain = '';
  try {
    const c = cipherOf(type, key);
    const d = createDecipheriv(c.algorithm, c.key, c.iv);
    plain = utf8.decode(Buffer.concat([d.update(Buffer.from(base64, 'base64')), d.final()]));
  } catch {
    plain = '';
  }
  if (!plain) throw badRequest('加密参数（data）无法解密，请刷新页面后重试');
  return plain;
}

export function encryptPayload(type: CryptoType, key: string, plain: string): string {
  const c = cipherOf(type, key);
  const e = createCipheriv(c.algorithm, c.key, c.iv);
  return Buffer.concat([e.update(plain, 'utf8'), e.final()]).toString('base64');
}
