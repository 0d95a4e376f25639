"use client";

import { FlagsList } from "./flags-list";

/** The promotion checks of one product, a self-contained section of the product view. */
export function ProductFlagsSection({ productId }: { productId: string }) {
  return (
    <section aria-labelledby={`flags-${productId}`} className="space-y-3">
      <div>
        <h3 id={`flags-${productId}`} className="text-base font-semibold text-zinc-900">
          Contrôles de promotion
        </h3>
        <p className="mt-0.5 text-sm text-zinc-500">
          Prix barrés supérieurs au plus bas des 30 jours avant la réduction, et surveillance du prix minimum annoncé.
        </p>
      </div>
      <FlagsList productId={productId} />
    </section>
  );
}
