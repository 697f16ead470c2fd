import { cbc } from '@noble/ciphers/aes.js';
import { md5 as md5Hash } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { DES } from 'des.js';

export type CryptoType = 'aes' | 'des';
export interface CryptoKeys {
  aesKey: string;
  desKey: string;
}

/**
 * Spec §9 client-side encryption helper (CONVENTIONS.md Transport): AES-CBC/PKCS7 with IV = key, DES-ECB/PKCS7, the key
 * the UTF-8 bytes of the configured key. Output is the base64 ciphertext, what the server's http/payload-crypto.ts reads
 * (payload-crypto.test.ts holds both to one known vector). AES with @noble/ciphers (synchronous, and WebCrypto is missing
 * on a plain-http page), DES with des.js (WebCrypto and noble have no DES). It hides payloads from casual eyes only; TLS
 * is the real protection. Loaded on demand by the request client, so pages without encrypted calls never download it.
 */
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function des(type: 'encrypt' | 'decrypt', key: string, data: Uint8Array): Uint8Array {
  const c = DES.create({ type, key: Array.from(utf8.encode(key).subarray(0, 8)) });
  return Uint8Array.from([...c.update(Array.from(data)), ...c.final()]);
}

export function aesEncrypt(plain: string, key: string): string {
  const k = utf8.encode(key);
  return toBase64(cbc(k, k).encrypt(utf8.encode(plain)));
}

export function aesDecrypt(cipher: string, key: string): string {
  const k = utf8.encode(key);
  return fromUtf8.decode(cbc(k, k).decrypt(fromBase64(cipher)));
}

export function desEncrypt(plain: string, key: string): string {
  return toBase64(des('encrypt', key, utf8.encode(plain)));
}

export function desDecrypt(cipher: string, key: string): string {
  return fromUtf8.decode(des('decrypt', key, fromBase64(cipher)));
}

export function md5(text: string): string {
  return bytesToHex(md5Hash(utf8.encode(text)));
}

export function encrypt(type: CryptoType, plain: string, keys: CryptoKeys): string {
  return type === 'aes' ? aesEncrypt(plain, keys.aesKey) : desEncrypt(plain, keys.desKey);
}
