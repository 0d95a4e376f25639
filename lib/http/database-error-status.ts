const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "57P01", // admin_shutdown (backend terminated)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

/**
 * How an error from the database should be answered: 503 when the connection failed (the client retries;
 * never a 401 that would log the user out), 422 for input PostgreSQL refuses (SQLSTATE class 22: a NUL byte,
 * a malformed uuid, a value out of range), null for anything else. Drizzle wraps the driver's error in `cause`.
 */
export function databaseErrorStatus(error: unknown): 503 | 422 | null {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      if (CONNECTION_CODES.has(code) || code.startsWith("08")) return 503;
      if (/^22[0-9A-Z]{3}$/.test(code)) return 422;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
