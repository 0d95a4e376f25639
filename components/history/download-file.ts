import { pageFetch } from "@/client/api-client";
import { ApiClientError } from "@/client/api-client-error";

function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Downloads a file with the session cookie, in the page (no tab is opened); throws an ApiClientError with the
 * server's French detail. A redirect (a Stripe invoice's own PDF) is followed by the browser itself.
 */
export async function downloadFile(url: string, fallbackName: string, errorFallback: string): Promise<void> {
  let res: Response;
  try {
    res = await pageFetch(url, { credentials: "same-origin", redirect: "manual" });
  } catch {
    throw new ApiClientError(errorFallback, 0);
  }
  if (res.type === "opaqueredirect") {
    window.location.assign(url);
    return;
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => null)) as { detail?: string; code?: string } | null;
    if (res.status === 401)
      window.location.assign(
        `/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`,
      );
    throw new ApiClientError(data?.detail || errorFallback, res.status, data?.code);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filenameFrom(res.headers.get("content-disposition"), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
