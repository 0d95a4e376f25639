import { Badge } from "@/components/ui/badge";
import type { ProductUrl } from "./types";

const FAILURES: Partial<Record<ProductUrl["last_status"], string>> = {
  blocked: "Accès bloqué par le site",
  no_price: "Prix introuvable sur la page",
  unreachable: "Site injoignable",
  error: "Échec du dernier relevé",
};

/** The last scrape's outcome when it failed (with the reason), or a note while the first one waits. */
export function UrlStatus({ url }: { url: ProductUrl }) {
  const failure = FAILURES[url.last_status];
  if (failure) {
    return (
      <div role="status" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-900">
        <p className="font-semibold">{failure}</p>
        {url.last_error ? <p className="mt-0.5 break-words">{url.last_error}</p> : null}
      </div>
    );
  }
  if (url.last_status === "pending" && !url.last_checked_at) {
    return (
      <div className="mt-2">
        <Badge tone="neutral">Premier relevé en attente</Badge>
      </div>
    );
  }
  if (url.paused || url.last_status === "paused") {
    return (
      <div className="mt-2">
        <Badge tone="warning">En pause</Badge>
      </div>
    );
  }
  return null;
}
