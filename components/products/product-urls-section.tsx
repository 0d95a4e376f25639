"use client";

import { useWorkspaceRole } from "@/client/use-current-user";
import { Button } from "@/components/ui/button";
import { AddUrlForm } from "./add-url-form";
import { ProductUrlRow } from "./product-url-row";
import type { PlanLimits, Product, ProductUrl } from "./types";

type Props = {
  product: Product;
  limits: PlanLimits | null;
  adding: boolean;
  onAdding: (adding: boolean) => void;
  scraping: ReadonlySet<string>;
  onScrape: (url: ProductUrl) => void;
  onPriceChosen: (url: ProductUrl) => void;
  onDelete: (url: ProductUrl) => void;
  onAdded: (url: ProductUrl) => void;
};

/** The product's tracked URLs, within the plan's limit, with the add-URL form. */
export function ProductUrlsSection({
  product,
  limits,
  adding,
  onAdding,
  scraping,
  onScrape,
  onPriceChosen,
  onDelete,
  onAdded,
}: Props) {
  const urls = product.urls;
  const max = limits?.maxUrlsPerProduct ?? null;
  const canAdd = max === null || urls.length < max;
  const { canEdit } = useWorkspaceRole();
  return (
    <section aria-labelledby="urls-suivies" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="urls-suivies" className="text-base font-semibold text-zinc-900">
          URLs suivies <span className="num font-normal text-zinc-500">({urls.length})</span>
          {max !== null ? <span className="ml-1 text-sm font-normal text-zinc-500">(max {max})</span> : null}
        </h3>
        {adding || !canEdit ? null : canAdd ? (
          <Button size="sm" onClick={() => onAdding(true)}>
            Ajouter une URL
          </Button>
        ) : (
          <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
            Limite d&apos;URLs atteinte
          </span>
        )}
      </div>

      {adding ? (
        <AddUrlForm
          productId={product.id}
          hourlyAllowed={limits?.hasAutomation ?? false}
          onCancel={() => onAdding(false)}
          onAdded={onAdded}
        />
      ) : null}

      {urls.length === 0 && !adding ? (
        <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center">
          {canAdd || !canEdit ? (
            <>
              <p className="text-sm text-zinc-600">Aucune URL suivie pour ce produit</p>
              {canEdit ? (
                <Button className="mt-4" size="sm" onClick={() => onAdding(true)}>
                  Ajouter votre première URL
                </Button>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-zinc-600">Limite d&apos;URLs atteinte pour votre abonnement</p>
          )}
        </div>
      ) : (
        <ul className="space-y-3">
          {urls.map((url) => (
            <ProductUrlRow
              key={url.id}
              url={url}
              scraping={scraping.has(url.id)}
              onScrape={() => onScrape(url)}
              onPriceChosen={() => onPriceChosen(url)}
              onDelete={() => onDelete(url)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
