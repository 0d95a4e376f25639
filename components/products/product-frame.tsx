"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";
import type { Product } from "./types";

type Props = { variant: "modal" | "page"; product: Product; onClose: () => void; children: ReactNode };

/** The SPEC's modal over the list, or the product's own page with a way back to the list. */
export function ProductFrame({ variant, product, onClose, children }: Props) {
  if (variant === "modal") {
    return (
      <Dialog
        open
        onClose={onClose}
        title={product.name}
        description={product.description || "Aucune description"}
        size="xl"
      >
        {children}
      </Dialog>
    );
  }
  return (
    <article className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <Link href="/products" className="text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden="true">← </span>Produits surveillés
      </Link>
      <header className="mt-3 mb-6">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900 sm:text-3xl">{product.name}</h1>
        <p className={`mt-1 text-sm ${product.description ? "text-zinc-600" : "text-zinc-500 italic"}`}>
          {product.description || "Aucune description"}
        </p>
      </header>
      {children}
    </article>
  );
}
