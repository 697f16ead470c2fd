/** Response body codes of spec §8. */
export const CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  serverError: 500,
  warning: 601,
  notAllowedHere: 5001,
  insufficient: 5003,
} as const;
export type ResultCode = (typeof CODE)[keyof typeof CODE];

/** Every /api answer: `{ code, success, data, msg }` (PRODUCT.md §3). */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** `data` of a 5003 answer: what the purchase dialog should preset (CONVENTIONS.md Transport). */
export interface InsufficientData {
  bidType?: 1 | 2;
  activityType?: 1 | 2;
}

/** A paged list (spec §3 paging request: current, size, status). */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}
