"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useProducts } from "@/client/hooks/use-products";
import { useCurrentUser, useWorkspaceRole } from "@/client/use-current-user";
import { productLimitMessage } from "@/lib/products/limits/limit-messages";
import { VerifyEmailBanner } from "@/components/auth/verify-email-banner";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { LoadingBlock } from "@/components/ui/spinner";
import dynamic from "next/dynamic";
import { ProductCard } from "./product-card";
import { useProductsFlash } from "./products-flash";
import { usePlanLimits } from "./use-plan-limits";
import { productPath } from "@/lib/products/product-path";

// The dialogs (and the form validation they carry) load when first opened, the export menu once there are products.
const AddProductDialog = dynamic(() => import("./add-product-dialog").then((m) => m.AddProductDialog));
const ImportDialog = dynamic(() => import("./import-dialog").then((m) => m.ImportDialog));
const ExportAllButton = dynamic(() => import("@/components/history/export-all-button").then((m) => m.ExportAllButton));

const LOGIN = `/login?redirect=${encodeURIComponent("/products")}`;

/** The Products screen (SPEC.md §2): open to visitors; creating or opening a product needs a sign-in. */
export function ProductsView() {
  const router = useRouter();
  const authenticated = useCurrentUser().user !== null;
  const { canEdit } = useWorkspaceRole();
  const products = useProducts(authenticated);
  const { limits } = usePlanLimits(authenticated);
  // kept by the products layout: a product deleted in its modal or page says so here
  const { banner, setBanner } = useProductsFlash();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);

  const list = products.data ?? [];
  const loading = authenticated && products.isLoading && products.data === undefined;

  function requireSignIn(): boolean {
    if (authenticated) return true;
    router.push(LOGIN);
    return false;
  }

  function openAdd() {
    if (!requireSignIn()) return;
    const max = limits?.maxProducts ?? null;
    if (max !== null && list.length >= max) {
      setBanner({ tone: "error", text: productLimitMessage(max) });
      return;
    }
    setBanner(null);
    setAdding(true);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">Suivez vos prix</h1>
          <p className="mt-1 text-sm text-zinc-500">
            Vos produits et les pages marchandes relevées automatiquement.
            {authenticated && limits ? (
              <span className="num ml-1">
                {list.length}
                {limits.maxProducts !== null ? ` / ${limits.maxProducts}` : ""} produit
                {(limits.maxProducts ?? list.length) > 1 ? "s" : ""} · plan {limits.planName}
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {authenticated && list.length > 0 ? <ExportAllButton /> : null}
          {authenticated ? (
            <Link href="/feeds" className={buttonClasses("secondary")}>
              Flux catalogue
            </Link>
          ) : null}
          {authenticated && canEdit ? (
            <Button variant="secondary" onClick={() => setImporting(true)}>
              Importer un fichier
            </Button>
          ) : null}
          {canEdit ? <Button onClick={openAdd}>Ajouter un produit</Button> : null}
        </div>
      </div>

      <VerifyEmailBanner />

      <div className="space-y-6">
        {banner ? (
          <Alert tone={banner.tone} onDismiss={() => setBanner(null)}>
            {banner.text}
          </Alert>
        ) : null}
        {products.error ? <Alert tone="error">{products.error.message}</Alert> : null}

        {loading ? (
          <LoadingBlock label="Chargement..." />
        ) : list.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-16 text-center">
            <div
              aria-hidden="true"
              className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600"
            >
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6">
                <path d="M4 17l5-5 4 4 7-7M14 9h6v6" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </div>
            <p className="mt-4 text-base font-semibold text-zinc-900">Aucun produit à surveiller</p>
            <p className="mt-1 text-sm text-zinc-500">
              Ajoutez un produit et les pages marchandes dont vous voulez suivre le prix.
            </p>
            {canEdit ? (
              <Button className="mt-6" onClick={openAdd}>
                Ajouter mon premier produit
              </Button>
            ) : null}
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Produits surveillés">
            {list.map((p) => (
              <ProductCard
                key={p.id}
                product={p}
                href={productPath(p.id)}
                onOpen={(e) => {
                  if (!requireSignIn()) e.preventDefault();
                }}
              />
            ))}
          </ul>
        )}
      </div>

      {adding ? (
        <AddProductDialog
          open
          limits={limits}
          onClose={() => setAdding(false)}
          onCreated={() => {
            setAdding(false);
            setBanner({ tone: "success", text: "Produit créé avec succès" });
            void products.mutate();
          }}
        />
      ) : null}

      {importing ? (
        <ImportDialog
          open
          onClose={() => setImporting(false)}
          onImported={(summary) => {
            if (summary.created_urls > 0) void products.mutate();
          }}
        />
      ) : null}
    </div>
  );
}
