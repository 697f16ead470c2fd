import { QUANTITY_MAX, QUANTITY_MIN } from '../constants.js';

/**
 * Spec §5: the per-copy quantity input clamps to 1–10000; empty (or not a number) falls back to 1; decimals are cut.
 */
export function clampQuantity(input: unknown): number {
  if (input === '' || input === null || input === undefined) return QUANTITY_MIN;
  const n = typeof input === 'number' ? input : Number(String(input).trim());
  if (!Number.isFinite(n)) return QUANTITY_MIN;
  const i = Math.trunc(n);
  if (i < QUANTITY_MIN) return QUANTITY_MIN;
  if (i > QUANTITY_MAX) return QUANTITY_MAX;
  return i;
}

/** What the server accepts for a quantity: an integer 1–10000 (anything else is refused with code 400). */
export function isValidQuantity(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= QUANTITY_MIN && n <= QUANTITY_MAX;
}

/** Yuan (number) → integer fen, rounding half away from zero at the third decimal (float-safe). */
export function yuanToFen(yuan: number): number {
  return Math.round(Number((yuan * 100).toFixed(4)));
}

/** Integer fen → yuan number with at most 2 decimals. */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** Spec §5: price = unit price × quantity, 2 decimals. Works in fen to stay exact. */
export function priceFen(unitFen: number, quantity: number): number {
  return unitFen * quantity;
}
export function priceYuan(unitYuan: number, quantity: number): number {
  return fenToYuan(yuanToFen(unitYuan) * quantity);
}

/** 「¥1,280.00」 */
export function formatYuan(yuan: number): string {
  const fixed = (Math.round(yuan * 100) / 100).toFixed(2);
  const [int, dec] = fixed.split('.');
  const neg = int!.startsWith('-');
  const digits = neg ? int!.slice(1) : int!;
  return `${neg ? '-' : ''}¥${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** Alipay `total_amount`: a yuan string with two decimals, formatted from integer fen. */
export function fenToYuanString(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
