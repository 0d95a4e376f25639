import { env } from "@/lib/env";
import { tooManyRequests } from "./api-error";

type Window = { count: number; resetAt: number };
const store = globalThis as unknown as { __veilleprixRate?: Map<string, Window> };
const windows = (store.__veilleprixRate ??= new Map());

/** Fixed-window counter per key, in process memory. Throws a 429 ApiError past the limit. */
export function rateLimit(key: string, limit: number, windowMs: number, now = Date.now()): void {
  if (env.RATE_LIMIT_DISABLED) return;
  const current = windows.get(key);
  if (!current || current.resetAt <= now) {
    windows.set(key, { count: 1, resetAt: now + windowMs });
    if (windows.size > 50_000) sweep(now);
    return;
  }
  current.count += 1;
  if (current.count > limit) {
    throw tooManyRequests(undefined, Math.ceil((current.resetAt - now) / 1000));
  }
}

export function resetRateLimits(): void {
  windows.clear();
}

function sweep(now: number) {
  for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
}

export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  if (forwarded) return forwarded.split(",")[0]!.trim();
  return headers.get("x-real-ip") ?? "local";
}
