/** An API call that failed; `message` is the server's French `detail`, else the caller's fallback. */
export class ApiClientError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

/** The message to show for any thrown value. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiClientError) return err.message || fallback;
  return fallback;
}
