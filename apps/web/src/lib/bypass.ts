import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { session, STORAGE_KEYS } from './storage';

/**
 * Spec §2: the `btz` query parameter with the secret value disables the WeChat block and the developer-tools protection.
 * The server only ships the secret's sha256; a match is remembered for this tab and the secret is removed from the URL.
 */
export function checkBypass(bypassHash: string): boolean {
  if (session.get(STORAGE_KEYS.bypass) === '1') return true;
  const url = new URL(window.location.href);
  const value = url.searchParams.get('btz');
  if (!value || !bypassHash) return false;
  const ok = bytesToHex(sha256(utf8ToBytes(value))) === bypassHash.toLowerCase();
  if (ok) {
    session.set(STORAGE_KEYS.bypass, '1');
    url.searchParams.delete('btz');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return ok;
}
