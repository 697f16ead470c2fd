import { CODE, TEXT, type InsufficientData } from '@btz/shared';

/**
 * A failure with a stable spec §8 code and a Chinese message. Business errors travel in the body on HTTP 200;
 * authentication failures are HTTP 401 (CONVENTIONS.md Transport).
 */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly httpStatus = 200,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, data: unknown = null) => new AppError(CODE.badRequest, msg, 200, data);
export const unauthorized = (msg: string = TEXT.loginExpired) => new AppError(CODE.unauthorized, msg, 401);
export const forbidden = (msg = '当前操作没有权限') => new AppError(CODE.badRequest, msg);
export const notFound = (what = '资源') => new AppError(CODE.badRequest, `${what}不存在`);
export const warning = (msg: string) => new AppError(CODE.warning, msg);
export const notAllowedHere = (msg: string) => new AppError(CODE.notAllowedHere, msg);
export const insufficient = (msg: string, data: InsufficientData = {}) => new AppError(CODE.insufficient, msg, 200, data);
export const serverError = (msg = '服务器开小差了，请稍后重试') => new AppError(CODE.serverError, msg);
export const readOnlyBid = () => badRequest(TEXT.readOnlyBid);
