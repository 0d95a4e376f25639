import { ApiClientError } from "./api-client-error";

export { ApiClientError, errorMessage } from "./api-client-error";

export type ApiFetchOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  /** Message shown when the server gives no `detail` (SPEC.md §8 defaults). */
  fallback?: string;
  signal?: AbortSignal;
};

const DEFAULT_FALLBACK = "Une erreur est survenue";

function resolveUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return path.startsWith("/api/") || path === "/api" ? path : `/api${path.startsWith("/") ? "" : "/"}${path}`;
}

function isAuthCall(url: string): boolean {
  return url.startsWith("/api/auth/");
}

let redirecting = false;

/** The workspace the page shows (set by the providers from the server's render; null for a visitor). */
let shownWorkspace: { id: string; name: string } | null = null;
export function setShownWorkspace(workspace: { id: string; name: string } | null) {
  shownWorkspace = workspace;
}
/** Where the page left a word for its reload: the workspace it showed when the session moved to another. */
export const WORKSPACE_CHANGED_KEY = "veilleprix:workspace-changed";

/** The session acts in another workspace than the page shows: the page reloads in it, and says why. */
function reloadInNewWorkspace() {
  if (redirecting || typeof window === "undefined" || !shownWorkspace) return;
  redirecting = true;
  try {
    window.sessionStorage.setItem(WORKSPACE_CHANGED_KEY, JSON.stringify(shownWorkspace));
  } catch {
    // storage refused (private mode): the reload alone still shows the right workspace
  }
  window.location.reload();
}

/** SPEC.md §8: any 401 drops the session and sends the browser to /login with the current path. */
async function handleUnauthorized() {
  if (redirecting || typeof window === "undefined") return;
  redirecting = true;
  const here = `${window.location.pathname}${window.location.search}`;
  try {
    const { signOut } = await import("next-auth/react");
    await signOut({ redirect: false });
  } finally {
    window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
  }
}

/**
 * fetch for our API from a page: it says which workspace the page shows (the server refuses to act in another),
 * and when the session has moved to another one the page reloads there.
 */
export async function pageFetch(url: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  if (shownWorkspace && url.startsWith("/api/")) headers.set("X-Workspace-Id", shownWorkspace.id);
  const res = await fetch(url, { ...init, headers });
  if (res.status === 409) {
    const answer: unknown = await res
      .clone()
      .json()
      .catch(() => null);
    if ((answer as { code?: unknown } | null)?.code === "workspace_changed") reloadInNewWorkspace();
  }
  return res;
}

/** JSON fetch against our API; resolves with the parsed body (undefined for an empty answer). */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = "GET", body, headers, fallback = DEFAULT_FALLBACK, signal } = options;
  const url = resolveUrl(path);
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal,
  };

  let res: Response;
  try {
    res = await pageFetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiClientError(fallback, 0);
  }

  const text = await res.text().catch(() => "");
  let data: unknown;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!res.ok) {
    if (res.status === 401 && !isAuthCall(url)) void handleUnauthorized();
    const detail = data && typeof data === "object" ? (data as { detail?: unknown; code?: unknown }) : null;
    const message = typeof detail?.detail === "string" && detail.detail.trim() ? detail.detail : fallback;
    const code = typeof detail?.code === "string" ? detail.code : undefined;
    throw new ApiClientError(message, res.status, code, data);
  }

  return data as T;
}
