/** An error with a French message meant for the user; every handler maps it to `{ detail, code }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (detail: string, code = "bad_request") => new ApiError(400, code, detail);
export const unauthorized = (detail = "Authentification requise", code = "unauthenticated") =>
  new ApiError(401, code, detail);
export const forbidden = (detail: string, code = "forbidden", extra?: Record<string, unknown>) =>
  new ApiError(403, code, detail, extra);
export const notFound = (detail = "Ressource introuvable", code = "not_found") => new ApiError(404, code, detail);
export const conflict = (detail: string, code = "conflict") => new ApiError(409, code, detail);
export const unprocessable = (detail: string, code = "validation_error", extra?: Record<string, unknown>) =>
  new ApiError(422, code, detail, extra);
export const tooManyRequests = (
  detail = "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
  retryAfterSeconds = 60,
) => new ApiError(429, "rate_limited", detail, { retryAfterSeconds });
