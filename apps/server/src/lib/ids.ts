import { randomBytes, randomInt } from 'node:crypto';

/** 19-digit time-ordered numeric string ids (JSON carries ids as strings, CONVENTIONS.md Values). */
export function newId(): string {
  return `${Date.now()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** URL-safe random token of `bytes` bytes. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 8 characters without look-alikes (0/O, 1/I). */
export function newInviteCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return s;
}
