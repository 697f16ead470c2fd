import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * A key given by configuration: PEM text, a path to a PEM file, or bare base64 DER as Alipay's key tool prints it
 * (PKCS8 / PKCS1 private, SPKI public). `\n` escapes (from a one-line environment variable) are turned into newlines.
 */
function keyText(value: string): string | Buffer {
  const v = value.trim().replace(/\\n/g, '\n');
  if (v.startsWith('-----BEGIN')) return v;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(v) || v.length < 200) {
    if (existsSync(v)) return readFileSync(v, 'utf8');
  }
  return Buffer.from(v.replace(/\s+/g, ''), 'base64');
}

export function loadPrivateKey(value: string, what: string): KeyObject {
  const k = keyText(value);
  try {
    if (typeof k === 'string') return createPrivateKey(k);
    try {
      return createPrivateKey({ key: k, format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key: k, format: 'der', type: 'pkcs1' });
    }
  } catch (e) {
    throw new Error(`${what} 不是有效的 RSA 私钥：${(e as Error).message}`);
  }
}

export function loadPublicKey(value: string, what: string): KeyObject {
  const k = keyText(value);
  try {
    if (typeof k === 'string') return createPublicKey(k);
    try {
      return createPublicKey({ key: k, format: 'der', type: 'spki' });
    } catch {
      return createPublicKey({ key: k, format: 'der', type: 'pkcs1' });
    }
  } catch (e) {
    throw new Error(`${what} 不是有效的 RSA 公钥：${(e as Error).message}`);
  }
}
