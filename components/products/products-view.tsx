"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useProductFacets, useProducts } from "@/client/hooks/use-products";
import { useCurrentUser, useWorkspaceRole } from "@/client/use-current-user";
import { productLimitMessage } from "@/lib/products/limits/limit-messages";
import { VerifyEmailBanner } from "@/components/auth/verify-email-banner";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { LoadingBlock } from "@/components/ui/spinner";
import dynamic from "next/dynamic";
import { ProductCard } from "./product-card";
import { ProductsEmpty } from "./products-empty";
import { useProductsFlash } from "./products-flash";
import { usePlanLimits } from "./use-plan-limits";
import { productPath } from "@/lib/products/product-path";
import { ProductsToolbar } from "./products-toolbar";
import { ProductsTable } from "./products-table";
import { hasFilters, readProductsQuery, type TProductsQuery, writeProductsQuery } from "./products-query";
import type { ProductSummary } from "./types";

// The dialogs (and the form validation they carry) load when first opened, the selection's bar at the first
// selection, the export menu once there are products. Each has its Suspense boundary (`loading`): without one, the
// first render of a chunk not yet loaded suspends the page's (app/products/page.tsx), which hides the whole screen
// and undoes the click that asked for it (the 'select all' box stayed unticked) until the chunk arrives.
const noFallback = () => null;
const AddProductDialog = dynamic(() => import("./add-product-dialog").then((m) => m.AddProductDialog), {
  loading: noFallback,
});
const ImportDialog = dynamic(() => import("./import-dialog").then((m) => m.ImportDialog), { loading: noFallback });
const BulkBar = dynamic(() => import("./bulk-bar").then((m) => m.BulkBar), { loading: noFallback });
const ExportAllButton = dynamic(() => import("@/components/history/export-all-button").then((m) => m.ExportAllButton), {
  loading: noFallback,
});

const LOGIN = `/login?redirect=${encodeURIComponent("/products")}`;

/** Beyond this many products the screen opens as the table (the SPEC's cards stay for a small catalogue). */
const CARDS_UP_TO = 50;

/**
 * The Products screen (SPEC.md §2): open to visitors; creating or opening a product needs a sign-in. Search,
 * filters, sort and view live in the URL; pages load as the list is scrolled (or with 'Afficher plus').
 */
export function ProductsView() {
  const router = useRouter();
  const authenticated = useCurrentUser().user !== null;
  const { canEdit } = useWorkspaceRole();
  const searchParams = useSearchParams();
  const pathname = usePathname();
  // under a product's modal (/products/{id}) the list behind keeps the view it had
  const shown = useRef(searchParams.toString());
  if (pathname === "/products") shown.current = searchParams.toString();
  const shownQuery = shown.current;
  const query = useMemo(() => readProductsQuery(new URLSearchParams(shownQuery)), [shownQuery]);
  const queryString = writeProductsQuery({ ...query, view: null });
  const products = useProducts(authenticated, queryString);
  // the unfiltered count (the plan limit), read only while filters hide part of the catalogue
  const filtered = hasFilters(query);
  const whole = useProducts(authenticated && filtered, "limit=1");
  const catalogueSize = filtered ? whole.total : products.total;
  const facets = useProductFacets(authenticated && (catalogueSize > 0 || filtered));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { limits } = usePlanLimits(authenticated);
  // kept by the products layout: a product deleted in its modal or page says so here
  const { banner, setBanner } = useProductsFlash();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);

  const list = products.items ?? [];
  const loading = authenticated && products.isLoading && products.items === undefined;
  const view = query.view ?? (catalogueSize > CARDS_UP_TO ? "table" : "cards");
  const setQuery = useCallback(
    (next: TProductsQuery) => {
      const qs = writeProductsQuery(next);
      router.replace(qs ? `/products?${qs}` : "/products", { scroll: false });
    },
    [router],
  );
  // a new search or filter starts a new selection
  useEffect(() => setSelected(new Set()), [queryString]);
  const selection = list.filter((p) => selected.has(p.id));

  // the next page loads when the end of the list comes into view
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadMore, loadingMore } = products;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  function requireSignIn(): boolean {
    if (authenticated) return true;
    router.push(LOGIN);
    return false;
  }

  function openAdd() {
    if (!requireSignIn()) return;
    const max = limits?.maxProducts ?? null;
    if (max !== null && catalogueSize >= max) {
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
                {catalogueSize}
                {limits.maxProducts !== null ? ` / ${limits.maxProducts}` : ""} produit
                {(limits.maxProducts ?? catalogueSize) > 1 ? "s" : ""} · plan {limits.planName}
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {authenticated && catalogueSize > 0 ? <ExportAllButton /> : null}
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
        {authenticated && (catalogueSize > 0 || filtered) ? (
          <ProductsToolbar query={query} onChange={setQuery} view={view} facets={facets.data} />
        ) : null}

        {loading ? (
          <LoadingBlock label="Chargement..." />
        ) : list.length === 0 ? (
          <ProductsEmpty filtered={filtered} canEdit={canEdit} onAdd={openAdd} />
        ) : (
          <>
            {filtered || catalogueSize > CARDS_UP_TO ? (
              <p className="num text-sm text-zinc-600" aria-live="polite">
                {products.total} produit{products.total > 1 ? "s" : ""}
                {filtered ? ` correspondant${products.total > 1 ? "s" : ""}` : ""}
              </p>
            ) : null}
            {view === "table" ? (
              <ProductsTable
                products={list}
                selected={selected}
                onToggle={(id) => setSelected((s) => toggled(s, id))}
                onToggleAll={(on) => setSelected(on ? new Set(list.map((p) => p.id)) : new Set())}
                onOpen={(e) => {
                  if (!requireSignIn()) e.preventDefault();
                }}
              />
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Produits surveillés">
                {list.map((p: ProductSummary) => (
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
            {products.moreError ? <Alert tone="error">{products.moreError}</Alert> : null}
            {hasMore ? (
              <div ref={sentinel} className="flex justify-center">
                <Button variant="secondary" loading={loadingMore} onClick={() => void loadMore()}>
                  {loadingMore ? "Chargement..." : "Afficher plus de produits"}
                </Button>
              </div>
            ) : null}
            {selection.length > 0 ? (
              <BulkBar
                selected={selection}
                canEdit={canEdit}
                hourlyAllowed={limits?.hasAutomation ?? false}
                onClear={() => setSelected(new Set())}
                onDone={(text, deleted) => {
                  setBanner({ tone: "success", text });
                  if (deleted) setSelected(new Set());
                  void products.mutate();
                  void facets.mutate();
                }}
              />
            ) : null}
          </>
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
            void facets.mutate();
          }}
        />
      ) : null}

      {importing ? (
        <ImportDialog
          open
          onClose={() => setImporting(false)}
          onImported={(summary) => {
            if (summary.created_urls > 0) {
              void products.mutate();
              void facets.mutate();
            }
          }}
        />
      ) : null}
    </div>
  );
}

function toggled(set: Set<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
