"use client";

import { useWorkspaceRole } from "@/client/use-current-user";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { apiFetch, errorMessage } from "@/client/api-client";
import { formatDateTime, formatEuros, formatPercent } from "@/lib/format";
import { type TComparison, usePriceComparison } from "@/client/hooks/use-price-comparison";
import { ZReferencePrice, type TReferencePrice } from "@/lib/products/schemas";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { urlState } from "@/components/products/url-state";

const SAVE_ERROR = "Erreur lors de l'enregistrement du prix de référence";

function Gap({ amount, percent, currency }: { amount: string | null; percent: string | null; currency: string }) {
  if (amount === null) return <span className="text-zinc-500">—</span>;
  const n = Number(amount);
  if (n === 0) return <span className="text-zinc-500">=</span>;
  return (
    <span className={cn(n > 0 ? "text-red-700" : "text-green-800")}>
      {n > 0 ? "+" : "-"}
      {formatEuros(Math.abs(n), currency)}
      {percent === null ? null : <span className="ml-1 text-xs">({formatPercent(percent, true)})</span>}
    </span>
  );
}

/** The merchant's reading date, or the same status its URL row shows (a failed reading, a pause, waiting). */
function MerchantState({ merchant: m }: { merchant: TComparison["merchants"][number] }) {
  const state = urlState({ last_status: m.status, last_checked_at: m.last_checked_at, paused: m.status === "paused" });
  if (!state.failed && m.checked_at && m.status !== "paused") {
    return <p className="num text-xs text-zinc-500">Relevé le {formatDateTime(m.checked_at)}</p>;
  }
  return (
    <p className={cn("num text-xs", state.tone === "danger" ? "text-red-700" : "text-zinc-600")}>
      {state.label}
      {m.checked_at ? ` · prix du ${formatDateTime(m.checked_at)}` : null}
    </p>
  );
}

/** Price plus the shipping the page states; unstated shipping is not free, so no total then. */
function Total({ merchant: m }: { merchant: TComparison["merchants"][number] }) {
  if (m.price === null) return <span className="text-zinc-500">—</span>;
  if (m.total_with_shipping === null) return <span className="text-zinc-500">Livraison non précisée</span>;
  return <>{formatEuros(m.total_with_shipping, m.currency)}</>;
}

/** Current price at each merchant, min / average / max, cheapest highlighted, gaps to the cheapest and to "mon prix". */
export function PriceComparison({ productId, initial }: { productId: string; initial?: TComparison }) {
  const { data, error, isLoading: loading, mutate: reload } = usePriceComparison(productId, initial);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { canEdit } = useWorkspaceRole();
  const form = useForm<TReferencePrice, unknown, z.output<typeof ZReferencePrice>>({
    resolver: zodResolver(ZReferencePrice),
    defaultValues: { reference_price: "" },
  });

  const reference = data?.reference_price ?? null;
  useEffect(() => {
    form.reset({ reference_price: reference === null ? "" : reference.replace(".", ",") });
  }, [reference, form]);

  async function save(value: string | null) {
    setSaveError(null);
    setSaved(null);
    try {
      await apiFetch(`/api/products/${productId}/reference-price`, {
        method: "PUT",
        body: { reference_price: value },
        fallback: SAVE_ERROR,
      });
      setSaved(value === null ? "Prix de référence effacé" : "Prix de référence enregistré");
      void reload();
    } catch (err) {
      setSaveError(errorMessage(err, SAVE_ERROR));
    }
  }

  const currency = data?.currency ?? "EUR";
  const fieldError = form.formState.errors.reference_price?.message;

  return (
    <section aria-labelledby={`cmp-${productId}`} className="min-w-0 rounded-lg border border-zinc-200 bg-white">
      <header className="border-b border-zinc-100 px-4 py-3">
        <h3 id={`cmp-${productId}`} className="text-sm font-semibold text-zinc-900">
          Comparaison des marchands
        </h3>
      </header>
      {loading && !data ? (
        <div role="status" aria-label="Chargement de la comparaison" className="grid grid-cols-3 gap-3 p-4">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : error && !data ? (
        <div className="p-4">
          <Alert tone="error">{error.message}</Alert>
        </div>
      ) : data ? (
        <>
          <dl className="grid grid-cols-3 gap-px border-b border-zinc-100 bg-zinc-100">
            {(
              [
                ["Prix min", data.stats.min],
                ["Prix moyen", data.stats.avg],
                ["Prix max", data.stats.max],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="bg-white px-4 py-3">
                <dt className="text-xs text-zinc-500">{label}</dt>
                <dd className="num mt-0.5 text-base font-semibold text-zinc-900">{formatEuros(value, currency)}</dd>
              </div>
            ))}
          </dl>
          {data.stats.out_of_stock_only ? (
            <p className="border-b border-zinc-100 px-4 py-2 text-xs text-zinc-600">
              Aucun marchand n'a ce produit en stock : prix relevés sur des offres indisponibles.
            </p>
          ) : null}
          {data.merchants.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-zinc-500">Aucune URL suivie pour ce produit</p>
          ) : (
            <Table aria-label="Prix actuel par marchand">
              <THead>
                <tr>
                  <Th>Marchand</Th>
                  <Th numeric>Prix actuel</Th>
                  <Th className="hidden md:table-cell">Vendeur</Th>
                  <Th numeric className="hidden md:table-cell">
                    Total livraison comprise
                  </Th>
                  <Th numeric className="hidden sm:table-cell">
                    Écart au moins cher
                  </Th>
                  <Th numeric className="hidden sm:table-cell">
                    Écart à mon prix
                  </Th>
                </tr>
              </THead>
              <TBody>
                {data.merchants.map((m) => (
                  <Tr key={m.url_id} className={cn(m.is_cheapest && "bg-green-50/70 hover:bg-green-50")}>
                    <Td>
                      <div className="flex items-center gap-2">
                        <span className="font-medium text-zinc-900">{m.name}</span>
                        {m.is_cheapest ? <Badge tone="success">Moins cher</Badge> : null}
                      </div>
                      <MerchantState merchant={m} />
                    </Td>
                    <Td numeric className="font-medium text-zinc-900">
                      {m.price !== null ? formatEuros(m.price, m.currency) : "N/A"}
                      {m.available === false ? (
                        <Badge tone="danger" className="ml-2">
                          Indisponible
                        </Badge>
                      ) : m.available && !m.availability_stated ? (
                        <Badge tone="neutral" className="ml-2">
                          Non précisée
                        </Badge>
                      ) : null}
                      {/* on a phone the gaps go under the price instead of more columns */}
                      <dl className="mt-1 space-y-0.5 text-xs font-normal md:hidden">
                        <div>
                          <dt className="text-zinc-500">Vendeur</dt>
                          <dd>{m.seller ?? "—"}</dd>
                        </div>
                        <div>
                          <dt className="text-zinc-500">Total livraison comprise</dt>
                          <dd>
                            <Total merchant={m} />
                          </dd>
                        </div>
                      </dl>
                      <dl className="mt-1 space-y-0.5 text-xs font-normal sm:hidden">
                        <div>
                          <dt className="text-zinc-500">Écart au moins cher</dt>
                          <dd>
                            <Gap amount={m.gap_to_cheapest} percent={m.gap_to_cheapest_percent} currency={currency} />
                          </dd>
                        </div>
                        <div>
                          <dt className="text-zinc-500">Écart à mon prix</dt>
                          <dd>
                            <Gap amount={m.gap_to_reference} percent={m.gap_to_reference_percent} currency={currency} />
                          </dd>
                        </div>
                      </dl>
                    </Td>
                    <Td className="hidden md:table-cell">{m.seller ?? <span className="text-zinc-500">—</span>}</Td>
                    <Td numeric className="hidden md:table-cell">
                      <Total merchant={m} />
                    </Td>
                    <Td numeric className="hidden sm:table-cell">
                      <Gap amount={m.gap_to_cheapest} percent={m.gap_to_cheapest_percent} currency={currency} />
                    </Td>
                    <Td numeric className="hidden sm:table-cell">
                      <Gap amount={m.gap_to_reference} percent={m.gap_to_reference_percent} currency={currency} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
          <form
            noValidate
            hidden={!canEdit}
            onSubmit={form.handleSubmit((values) => save(values.reference_price))}
            className="flex flex-wrap items-end gap-2 border-t border-zinc-100 px-4 py-3"
          >
            <div className="min-w-40 flex-1 space-y-1">
              <label htmlFor={`ref-${productId}`} className="text-xs font-medium text-zinc-700">
                Mon prix (prix de référence, €)
              </label>
              <Input
                id={`ref-${productId}`}
                inputMode="decimal"
                placeholder="ex. 129,90"
                invalid={Boolean(fieldError)}
                aria-describedby={fieldError ? `ref-${productId}-error` : undefined}
                {...form.register("reference_price")}
              />
            </div>
            <Button type="submit" size="md" loading={form.formState.isSubmitting}>
              Enregistrer
            </Button>
            {reference !== null ? (
              <Button type="button" variant="ghost" onClick={() => save(null)}>
                Effacer
              </Button>
            ) : null}
            {fieldError ? (
              <p id={`ref-${productId}-error`} className="w-full text-xs font-medium text-red-600">
                {fieldError}
              </p>
            ) : null}
            {saveError ? (
              <Alert tone="error" className="w-full" onDismiss={() => setSaveError(null)}>
                {saveError}
              </Alert>
            ) : null}
            {saved ? (
              <p role="status" className="w-full text-xs text-green-700">
                {saved}
              </p>
            ) : null}
          </form>
        </>
      ) : null}
    </section>
  );
}
