import CryptoJS from 'crypto-js';
import { badRequest } from './errors.js';

/**
 * Optional payload encryption of spec §7/§9 (CONVENTIONS.md Transport): AES-CBC/PKCS7 with IV = key, or DES-ECB.
 * crypto-js on both sides (Node's OpenSSL 3 has no DES without the legacy provider). It hides payloads from casual
 * eyes only; TLS is the real protection.
 */
export type CryptoType = 'aes' | 'des';

export function decryptPayload(type: CryptoType, key: string, base64: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  let plain = '';
  try {
    const bytes =
      type === 'aes'
        ? CryptoJS.AES.decrypt(base64, k, { iv: k, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 })
        : CryptoJS.DES.decrypt(base64, k, { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 });
    plain = bytes.toString(CryptoJS.enc.Utf8);
  } catch {
    plain = '';
  }
  if (!plain) throw badRequest('加密参数（data）无法解密，请刷新页面后重试');
  return plain;
}

export function encryptPayload(type: CryptoType, key: string, plain: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  const enc =
    type === 'aes'
      ? CryptoJS.AES.encrypt(plain, k, { iv: k, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 })
      : CryptoJS.DES.encrypt(plain, k, { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 });
  return enc.toString();
}
