import { cn } from "@/lib/cn";
import Link from "next/link";
import type { MouseEvent } from "react";
import { formatEuros } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { productState } from "./product-state";
import { Sparkline } from "./sparkline";
import type { ProductSummary } from "./types";

type Props = { product: ProductSummary; href: string; onOpen: (e: MouseEvent<HTMLAnchorElement>) => void };

// A link to the product's page: from the list it opens as the modal over it (app/products/@modal).
export function ProductCard({ product, href, onOpen }: Props) {
  const lowest = product.lowest_price;
  const state = productState(product);
  return (
    <li>
      <Link
        href={href}
        scroll={false}
        onClick={onOpen}
        className={cn(
          "group flex h-full w-full flex-col rounded-xl border border-zinc-200 bg-white p-5 text-left shadow-xs",
          "transition hover:border-brand-300 hover:shadow-md focus-visible:outline-2",
          "focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        )}
        data-testid="product-card"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="line-clamp-2 text-base font-semibold text-zinc-900">{product.name}</span>
          <Badge tone={state.tone} className="shrink-0">
            {state.label}
          </Badge>
        </span>
        <span
          className={`mt-1.5 line-clamp-2 text-sm ${product.description ? "text-zinc-600" : "text-zinc-500 italic"}`}
        >
          {product.description || "Aucune description"}
        </span>
        <span className="mt-3 flex h-8 items-center">
          <Sparkline prices={product.sparkline} />
        </span>
        <span className="mt-4 flex items-end justify-between gap-3 border-t border-zinc-100 pt-3 text-sm">
          <span className="text-zinc-500">
            <span className="num">{product.url_count}</span> URL{product.url_count > 1 ? "s" : ""} suivie
            {product.url_count > 1 ? "s" : ""}
            {lowest ? (
              <span className="block text-xs">
                Dès <span className="num font-medium text-zinc-800">{formatEuros(lowest)}</span>
              </span>
            ) : null}
          </span>
          <span className="font-medium text-brand-700 group-hover:underline">Voir détails</span>
        </span>
      </Link>
    </li>
  );
}
