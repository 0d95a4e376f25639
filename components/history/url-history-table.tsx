"use client";

import { useState } from "react";
import { errorMessage } from "@/client/api-client-error";
import { formatDateTime, formatEuros, truncate } from "@/lib/format";
import { useUrlHistory } from "@/client/hooks/use-url-history";
import { computeVariations, HISTORY_TABLE_LIMIT } from "@/lib/history/compute-variations";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { downloadFile } from "./download-file";

const DOWNLOAD_ERROR = "Erreur lors du téléchargement de l'historique";
const CONDITIONS = { new: "neuf", used: "occasion", refurbished: "reconditionné" } as const;

type Props = {
  urlId: string;
  url: string;
  /** Source name shown above the table. */
  name?: string;
  /** Enables 'Télécharger tout l'historique' (the product's full CSV). */
  productId?: string;
  productName?: string;
};

/** The per-URL history card of SPEC.md §2: the 10 latest readings with their variation. */
export function UrlHistoryTable({ urlId, url, name, productId, productName }: Props) {
  // one entry more than shown, so the last shown row still gets its variation
  const { data, error, isLoading: loading } = useUrlHistory(urlId, HISTORY_TABLE_LIMIT + 1);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const entries = data?.entries ?? [];
  const total = data?.total ?? 0;
  const table = computeVariations(entries, { limit: HISTORY_TABLE_LIMIT, total });
  const latestOffers = entries[0]?.offers ?? [];

  async function downloadAll() {
    if (!productId) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      const base = (productName ?? "produit").replace(/\s/g, "_");
      await downloadFile(
        `/api/products/${productId}/export/history.csv`,
        `${base}_historique_complet.csv`,
        DOWNLOAD_ERROR,
      );
    } catch (err) {
      setDownloadError(errorMessage(err, DOWNLOAD_ERROR));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="min-w-0 rounded-lg border border-zinc-200 bg-white" aria-label={`Historique de ${name ?? url}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-zinc-100 px-4 py-3">
        <div className="min-w-0">
          {name ? <p className="text-sm font-semibold text-zinc-900">{name}</p> : null}
          <p className="truncate text-xs text-zinc-500" title={url}>
            {truncate(url, 80)}
          </p>
        </div>
        {data !== undefined ? (
          <span className="num shrink-0 text-xs font-medium text-zinc-500">{total} entrée(s)</span>
        ) : null}
      </header>

      {loading && data === undefined ? (
        <div role="status" aria-label="Chargement de l'historique" className="space-y-2 p-4">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-4/6" />
        </div>
      ) : error && data === undefined ? (
        <div className="p-4">
          <Alert tone="error">{error.message}</Alert>
        </div>
      ) : table.rows.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-zinc-500">Aucun historique disponible</p>
      ) : (
        <>
          <Table aria-label={`Historique des prix de ${name ?? url}`}>
            <THead>
              <tr>
                <Th>Date &amp; Heure</Th>
                <Th numeric>Prix</Th>
                <Th className="hidden sm:table-cell">Disponibilité</Th>
                <Th numeric>Variation</Th>
              </tr>
            </THead>
            <TBody>
              {table.rows.map((row, i) => {
                const available = row.availability;
                const availability =
                  available && row.availability_stated === false ? (
                    <Badge tone="neutral">Non précisée</Badge>
                  ) : (
                    <Badge tone={available ? "success" : "danger"}>{available ? "Disponible" : "Indisponible"}</Badge>
                  );
                const currency = row.currency?.trim() || "EUR";
                return (
                  <Tr key={row.id ?? i}>
                    <Td className="num sm:whitespace-nowrap">{formatDateTime(row.created_at)}</Td>
                    <Td numeric className="font-medium text-zinc-900">
                      {row.corrected_by != null ? (
                        <s className="text-zinc-500" title="Valeur erronée, remplacée par la correction">
                          {formatEuros(row.price, row.currency?.trim() || "EUR")}
                        </s>
                      ) : (
                        formatEuros(row.price, row.currency?.trim() || "EUR")
                      )}
                      {row.regular_price != null && row.price !== null ? (
                        <span className="block text-xs font-normal text-zinc-600" data-testid="regular-price">
                          prix barré {formatEuros(row.regular_price, row.currency?.trim() || "EUR")}
                        </span>
                      ) : null}
                      {row.shipping != null && row.price !== null ? (
                        <span className="block text-xs font-normal text-zinc-600">
                          livraison {formatEuros(row.shipping, currency)}
                        </span>
                      ) : null}
                      {row.member_price != null ? (
                        <span className="block text-xs font-normal text-zinc-600">
                          prix membre {formatEuros(row.member_price, currency)}
                        </span>
                      ) : null}
                      {row.coupon_price != null ? (
                        <span className="block text-xs font-normal text-zinc-600">
                          avec coupon {formatEuros(row.coupon_price, currency)}
                        </span>
                      ) : null}
                      {/* on a phone the availability goes under the price, so the four columns fit the screen */}
                      <span className="mt-1 block sm:hidden">{availability}</span>
                    </Td>
                    <Td className="hidden sm:table-cell">{availability}</Td>
                    <Td
                      numeric
                      className={cn(
                        row.variation_label.startsWith("-") && "text-green-700",
                        row.variation_label.startsWith("+") && "text-red-700",
                        (row.variation_label === "Premier relevé" ||
                          row.corrected_by != null ||
                          row.kind === "correction") &&
                          "text-xs whitespace-normal text-zinc-500 sm:whitespace-nowrap",
                      )}
                    >
                      {row.variation_label}
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
          {latestOffers.length > 0 ? (
            <div className="border-t border-zinc-100 px-4 py-3" data-testid="offers">
              <p className="mb-1 text-xs font-semibold text-zinc-700">Offres des vendeurs (dernier relevé)</p>
              <ul className="space-y-0.5 text-xs text-zinc-600">
                {latestOffers.map((o, i) => (
                  <li key={`${o.seller ?? ""}-${i}`} className={cn(o.buyBox && "font-medium text-zinc-900")}>
                    {o.seller ?? "Vendeur"}
                    {o.condition ? ` – ${CONDITIONS[o.condition]}` : ""} : {formatEuros(o.price, o.currency || "EUR")}
                    {o.shipping === null
                      ? " (livraison non précisée)"
                      : Number(o.shipping) === 0
                        ? ", livraison gratuite"
                        : ` + ${formatEuros(o.shipping, o.currency || "EUR")} de livraison`}
                    {o.buyBox ? " – offre principale" : ""}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {table.truncated ? (
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-zinc-100 px-4 py-2.5 text-xs text-zinc-500">
              <span>
                Affichage des {HISTORY_TABLE_LIMIT} derniers relevés sur {total} au total
              </span>
              {productId ? (
                <button
                  type="button"
                  onClick={downloadAll}
                  disabled={downloading}
                  className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline disabled:opacity-60"
                >
                  {downloading ? <Spinner size="sm" label={null} /> : null}
                  Télécharger tout l&apos;historique
                </button>
              ) : null}
            </div>
          ) : null}
          {downloadError ? (
            <div className="px-4 pb-3">
              <Alert tone="error" onDismiss={() => setDownloadError(null)}>
                {downloadError}
              </Alert>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
