"use client";

import { formatEuros } from "@/lib/format";
import type { Product } from "./types";

type Props = { product: Product };

/** The product's identification, when it has one: nothing is shown for a product without (SPEC.md's screen). */
export function ProductIdentity({ product: p }: Props) {
  const rows: [string, string][] = [];
  if (p.sku) rows.push(["Référence (SKU)", p.sku]);
  if (p.gtins.length > 0) rows.push([p.gtins.length > 1 ? "Codes EAN" : "Code EAN", p.gtins.join(", ")]);
  if (p.brand) rows.push(["Marque", p.brand]);
  if (p.mpn) rows.push(["Référence fabricant (MPN)", p.mpn]);
  if (p.category) rows.push(["Catégorie", p.category]);
  if (p.cost_price !== null) rows.push(["Prix d'achat HT", formatEuros(p.cost_price)]);
  if (rows.length === 0 && p.tags.length === 0 && !p.image_url) return null;

  return (
    <section aria-labelledby="identity-title" className="rounded-xl border border-zinc-200 p-4" data-testid="identity">
      <h3 id="identity-title" className="mb-3 text-sm font-semibold text-zinc-900">
        Identification
      </h3>
      <div className="flex flex-col gap-4 sm:flex-row">
        {p.image_url?.startsWith("https://") ? (
          // an outside image: no referrer, no layout shift, never larger than its box
          // biome-ignore lint/performance/noImgElement: a merchant's image URL, not a build-time asset
          <img
            src={p.image_url}
            alt={p.name}
            referrerPolicy="no-referrer"
            loading="lazy"
            onError={(e) => {
              // an image that no longer loads takes no room
              e.currentTarget.hidden = true;
            }}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-lg border border-zinc-200 object-contain"
          />
        ) : null}
        <dl className="grid min-w-0 flex-1 grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-zinc-500">{label}</dt>
              <dd className="break-words text-zinc-900">{value}</dd>
            </div>
          ))}
          {p.tags.length > 0 ? (
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-xs text-zinc-500">Étiquettes</dt>
              <dd className="mt-1 flex flex-wrap gap-1">
                {p.tags.map((tag) => (
                  <span key={tag} className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700">
                    {tag}
                  </span>
                ))}
              </dd>
            </div>
          ) : null}
          {p.image_url && !p.image_url.startsWith("https://") ? (
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-xs text-zinc-500">Image</dt>
              <dd className="break-all">
                <a href={p.image_url} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700">
                  {p.image_url}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
    </section>
  );
}
