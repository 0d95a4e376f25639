import { urlState } from "./url-state";
import type { ProductUrl } from "./types";

/** Under a URL row: why the last reading failed (its status is the row's badge), or that the chosen price was lost. */
export function UrlStatus({ url }: { url: ProductUrl }) {
  const { failed, tone } = urlState(url);
  if (url.price_rule_lost && !failed) {
    return (
      <div
        role="status"
        className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
      >
        <p className="font-semibold">Le prix choisi n'a plus été trouvé sur la page</p>
        <p className="mt-0.5">Le prix automatique est utilisé en attendant : choisissez à nouveau le bon prix.</p>
      </div>
    );
  }
  if (failed && url.last_error) {
    return (
      <p
        className={
          tone === "warning"
            ? "mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs break-words text-amber-900"
            : "mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-xs break-words text-red-900"
        }
      >
        {url.last_error}
      </p>
    );
  }
  return null;
}
