"use client";

import { useWorkspaceRole } from "@/client/use-current-user";
import { cn } from "@/lib/cn";
import { formatDateTime, formatEuros, truncate } from "@/lib/format";
import { UrlEvidence } from "@/components/evidence/url-evidence";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { FREQUENCY_LABELS } from "@/lib/products/schemas";
import { PricePicker } from "./price-picker";
import { UrlStatus } from "./url-status";
import { urlState } from "./url-state";
import type { ProductUrl } from "./types";

type Props = {
  url: ProductUrl;
  scraping: boolean;
  onScrape: () => void;
  onDelete: () => void;
  /** The user chose how the price is read: a re-scrape was queued. */
  onPriceChosen: () => void;
};

export function ProductUrlRow({ url, scraping, onScrape, onDelete, onPriceChosen }: Props) {
  const latest = url.latest;
  const state = urlState(url);
  const { canEdit } = useWorkspaceRole();
  // a page read without a stored price (uncertain, no price) was analysed all the same
  const analysed = url.last_checked_at ?? latest?.created_at ?? null;
  return (
    <li className="rounded-xl border border-zinc-200 bg-white p-4" data-testid="url-row">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium text-zinc-900">{url.name}</p>
            <Badge tone={state.tone} role="status">
              {state.label}
            </Badge>
            <span className="text-xs text-zinc-500">{FREQUENCY_LABELS[url.tracking_frequency]}</span>
          </div>
          <a
            href={url.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="mt-0.5 block truncate text-sm text-brand-700 hover:underline"
            title={url.url}
          >
            {truncate(url.url, 80)}
          </a>
        </div>
        <div className="flex shrink-0 items-center gap-1" hidden={!canEdit}>
          <button
            type="button"
            onClick={onScrape}
            disabled={scraping}
            title="Relancer le scraping"
            aria-label={`Relancer le scraping de ${url.name}`}
            className={cn(
              "inline-flex size-9 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100",
              "hover:text-zinc-900 disabled:cursor-not-allowed disabled:opacity-50",
            )}
          >
            {scraping ? (
              <Spinner size="sm" label={null} />
            ) : (
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                className="size-4"
              >
                <path d="M16.5 10a6.5 6.5 0 1 1-1.9-4.6M16.5 3.5v3.5H13" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
          </button>
          <button
            type="button"
            onClick={onDelete}
            title="Supprimer cette URL"
            aria-label={`Supprimer l'URL ${url.name}`}
            className="inline-flex size-9 items-center justify-center rounded-lg text-zinc-600 hover:bg-red-50 hover:text-red-700"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              className="size-4"
            >
              <path d="M4 6h12M8 6V4h4v2m-6 0 .7 10h6.6L14 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-zinc-100 pt-3 text-sm">
        <div>
          <dt className="text-xs text-zinc-500">Analysé le</dt>
          <dd className="num text-zinc-800">{analysed ? formatDateTime(analysed) : "—"}</dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-zinc-500">Dernier prix</dt>
          <dd className="num text-base font-semibold text-zinc-900 tabular-nums">
            {latest?.price != null ? formatEuros(latest.price, latest.currency ?? "EUR") : "N/A"}
            {latest && !latest.available ? (
              <span className="ml-2 text-xs font-normal text-zinc-500">Indisponible</span>
            ) : null}
          </dd>
        </div>
      </dl>
      <UrlStatus url={url} />
      {canEdit ? <PricePicker productId={url.product_id} url={url} onChanged={onPriceChosen} /> : null}
      <UrlEvidence urlId={url.id} urlName={url.name} />
    </li>
  );
}
