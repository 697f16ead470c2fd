import CryptoJS from 'crypto-js/core';
import 'crypto-js/aes';
import 'crypto-js/tripledes';
import 'crypto-js/mode-ecb';
import 'crypto-js/md5';

export type CryptoType = 'aes' | 'des';
export interface CryptoKeys {
  aesKey: string;
  desKey: string;
}

/**
 * Spec §9 client-side encryption helper (CONVENTIONS.md Transport): AES-CBC/PKCS7 with IV = key, DES-ECB/PKCS7.
 * Output is the base64 ciphertext. It hides payloads from casual eyes only; TLS is the real protection.
 * Loaded on demand by the request client, so pages without encrypted calls never download crypto-js.
 */
export function aesEncrypt(plain: string, key: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  return CryptoJS.AES.encrypt(plain, k, { iv: k, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 }).toString();
}

export function aesDecrypt(cipher: string, key: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  return CryptoJS.AES.decrypt(cipher, k, { iv: k, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 }).toString(
    CryptoJS.enc.Utf8,
  );
}

export function desEncrypt(plain: string, key: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  return CryptoJS.DES.encrypt(plain, k, { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 }).toString();
}

export function desDecrypt(cipher: string, key: string): string {
  const k = CryptoJS.enc.Utf8.parse(key);
  return CryptoJS.DES.decrypt(cipher, k, { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 }).toString(
    CryptoJS.enc.Utf8,
  );
}

export function md5(text: string): string {
  return CryptoJS.MD5(text).toString();
}

export function encrypt(type: CryptoType, plain: string, keys: CryptoKeys): string {
  return type === 'aes' ? aesEncrypt(plain, keys.aesKey) : desEncrypt(plain, keys.desKey);
}
