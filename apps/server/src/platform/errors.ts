/**
 * A refusal the caller can understand. `status` is the HTTP status; the body carries `code`
 * (≠ 0), a Chinese `msg`, and the same text as `message` (spec §8 reads `message` on HTTP errors).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number = status,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorized = (msg = '登录状态已过期，请重新登录') => new AppError(401, msg);
export const forbidden = (msg = '没有权限访问该功能，请联系管理员授权') => new AppError(403, msg);
export const notFound = (what: string) => new AppError(404, `${what}不存在或无权访问`);
export const conflict = (msg: string) => new AppError(409, msg);
export const tooMany = (msg: string) => new AppError(429, msg);
