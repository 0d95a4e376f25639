/** The request header in which proxy.ts hands every page its full target (path and query). */
export const PAGE_PATH_HEADER = "x-page-path";

/** A same-site path to go to after sign-in: starts with "/", not "//" nor "/\"; else the fallback. */
export function safeRedirect(raw: string | null | undefined, fallback = "/dashboard"): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(raw)) return fallback;
  return raw;
}
