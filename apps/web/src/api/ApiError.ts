/** A refused call: a body code of spec §8, an HTTP failure, a timeout, or the local duplicate-submit guard. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** the user has already been told (toast, dialog or navigation) */
  readonly handled: boolean;

  constructor(message: string, code: number, data: unknown = null, handled = true) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.handled = handled;
  }
}

/** Local codes (never sent by the server). */
export const LOCAL_CODE = { duplicate: -1, network: -2, timeout: -3 } as const;

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
