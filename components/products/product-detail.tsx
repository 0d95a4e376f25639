"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { mutate as mutateCache } from "swr";
import { apiFetch, errorMessage } from "@/client/api-client";
import { useProduct } from "@/client/hooks/use-product";
import { dropResources } from "@/client/hooks/use-resource";
import { revalidateProduct } from "@/client/revalidate-product";
import { Alert } from "@/components/ui/alert";
import type { TProductPageData } from "@/lib/products/load-product-page";
import { ConfirmDialog } from "./confirm-dialog";
import { ProductFrame } from "./product-frame";
import { ProductDetailSections } from "./product-detail-sections";
import { type Banner, useProductsFlash } from "./products-flash";
import type { Product, ProductUrl } from "./types";
import { usePlanLimits } from "./use-plan-limits";

const DELETE_ERROR = "Erreur lors de la suppression du produit";
const DELETE_URL_ERROR = "Erreur lors de la suppression de l'URL";
const SCRAPE_ERROR = "Erreur lors du déclenchement du scraping";
// SPEC.md §9: product data is refreshed 5 s after a manual scrape
const REFRESH_AFTER_SCRAPE_MS = 5000;

type Props = {
  /** "modal": opened from the list (SPEC.md's product modal); "page": visited directly, a reload, a shared link. */
  variant: "modal" | "page";
  /** The server-rendered first data, the hooks' fallbackData. */
  initial: TProductPageData;
};

/** One product, the same content whether it is the modal over the list or its own page. */
export function ProductDetail({ variant, initial }: Props) {
  const router = useRouter();
  const productId = initial.product.id;
  const { data, error, mutate } = useProduct(productId, initial.product);
  const product = data ?? initial.product;
  const setData = (next: Product) => void mutate(next, { revalidate: false });
  const { limits } = usePlanLimits(true);
  const flash = useProductsFlash();
  const [banner, setBanner] = useState<Banner>(null);
  const [adding, setAdding] = useState(false);
  const [scraping, setScraping] = useState<Set<string>>(new Set());
  const [confirmUrl, setConfirmUrl] = useState<ProductUrl | null>(null);
  const [confirmProduct, setConfirmProduct] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  // every panel showing this product (URLs, history, chart, comparison, queue, alerts sent) fetches again
  // the URLs as they are now, not as a timer's closure saw them; never a URL being deleted (it would answer 404
  // once the deletion lands), nor a product being deleted (the modal stays on screen until the history goes back)
  const removing = useRef(new Set<string>());
  const gone = useRef(false);
  const currentUrls = useRef(product.urls);
  currentUrls.current = product.urls;
  const refresh = () => {
    if (gone.current) return;
    const except = [...removing.current];
    const urlIds = currentUrls.current.map((u) => u.id).filter((id) => !except.includes(id));
    void revalidateProduct(productId, urlIds, except);
  };

  // a reading landed (seen by the product's own polling while a first one is awaited): the other panels follow
  const readings = product.urls.map((u) => u.last_checked_at ?? "").join("|");
  const seenReadings = useRef(readings);
  useEffect(() => {
    if (seenReadings.current === readings) return;
    seenReadings.current = readings;
    refresh();
  });
  const refreshLater = (after: () => void = () => {}) => {
    timers.current.push(
      window.setTimeout(() => {
        refresh();
        after();
      }, REFRESH_AFTER_SCRAPE_MS),
    );
  };

  // the modal came from the list: going back closes it (as the browser's back button does)
  const close = () => (variant === "modal" ? router.back() : router.push("/products"));
  const stopScraping = (id: string) =>
    setScraping((s) => {
      const next = new Set(s);
      next.delete(id);
      return next;
    });

  async function scrape(url: ProductUrl) {
    setScraping((s) => new Set(s).add(url.id));
    try {
      await apiFetch(`/api/scraping/urls/${url.id}/scrape`, { method: "POST", fallback: SCRAPE_ERROR });
      setBanner({ tone: "success", text: `Scraping lancé pour ${url.name}` });
      refresh();
      refreshLater(() => stopScraping(url.id));
    } catch (err) {
      setBanner({ tone: "error", text: errorMessage(err, SCRAPE_ERROR) });
      stopScraping(url.id);
    }
  }

  async function deleteUrl() {
    if (!confirmUrl) return;
    setDeleting(true);
    setDeleteError(null);
    const id = confirmUrl.id;
    removing.current.add(id);
    dropResources((key) => key.includes(id));
    try {
      await apiFetch(`/api/products/${productId}/urls/${id}`, { method: "DELETE", fallback: DELETE_URL_ERROR });
      const left = product.urls.filter((u) => u.id !== id);
      setData({ ...product, urls: left, url_count: left.length });
      setConfirmUrl(null);
      setBanner({ tone: "success", text: "URL supprimée avec succès" });
      refresh();
    } catch (err) {
      removing.current.delete(id);
      setDeleteError(errorMessage(err, DELETE_URL_ERROR));
      refresh();
    } finally {
      setDeleting(false);
    }
  }

  async function deleteProduct() {
    setDeleting(true);
    setDeleteError(null);
    gone.current = true;
    const ids = [productId, ...product.urls.map((u) => u.id)];
    dropResources((key) => ids.some((id) => key.includes(id)));
    try {
      await apiFetch(`/api/products/${productId}`, { method: "DELETE", fallback: DELETE_ERROR });
      for (const t of timers.current) window.clearTimeout(t);
      setConfirmProduct(false);
      flash.setBanner({ tone: "success", text: "Produit supprimé avec succès" });
      void mutateCache(
        (key) => typeof key === "string" && (key === "/api/products" || key.startsWith("/api/products?")),
      );
      if (variant === "modal") router.back();
      else router.replace("/products");
    } catch (err) {
      gone.current = false;
      setDeleteError(errorMessage(err, DELETE_ERROR));
      refresh();
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <ProductFrame variant={variant} product={product} onClose={close}>
        <div className="space-y-6">
          {banner ? (
            <Alert tone={banner.tone} onDismiss={() => setBanner(null)}>
              {banner.text}
            </Alert>
          ) : null}
          {error && data === undefined ? <Alert tone="error">{error.message}</Alert> : null}
          <ProductDetailSections
            product={product}
            comparison={initial.comparison}
            limits={limits}
            adding={adding}
            onAdding={setAdding}
            scraping={scraping}
            onSaved={() => {
              setBanner({ tone: "success", text: "Produit mis à jour avec succès" });
              refresh();
              // a new minimum advertised price is judged by a job: the flags it opens come a moment later
              refreshLater();
            }}
            onDeleteProduct={() => {
              setDeleteError(null);
              setConfirmProduct(true);
            }}
            onScrape={(url) => void scrape(url)}
            onPriceChosen={(url) => {
              setBanner({ tone: "success", text: `Prix choisi pour ${url.name} : nouveau relevé lancé` });
              refresh();
              refreshLater();
            }}
            onDeleteUrl={(url) => {
              setDeleteError(null);
              setConfirmUrl(url);
            }}
            onAdded={(url) => {
              setData({ ...product, urls: [...product.urls, url], url_count: product.urls.length + 1 });
              setAdding(false);
              setBanner({ tone: "success", text: "URL ajoutée avec succès" });
              refresh();
              refreshLater();
            }}
            onTaskFinished={() => refresh()}
          />
        </div>
      </ProductFrame>

      <ConfirmDialog
        open={confirmUrl !== null}
        title="Supprimer cette URL ?"
        confirmLabel="Supprimer"
        busyLabel="Suppression..."
        busy={deleting}
        error={deleteError}
        onConfirm={() => void deleteUrl()}
        onCancel={() => setConfirmUrl(null)}
      >
        <p>
          L&apos;URL <strong className="font-semibold text-zinc-900">{confirmUrl?.name}</strong> ne sera plus suivie.
        </p>
        <p className="font-medium text-red-700">
          Cette suppression est irréversible : tout l&apos;historique des prix de cette URL sera supprimé.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={confirmProduct}
        title="Supprimer ce produit ?"
        confirmLabel="Supprimer le produit"
        busyLabel="Suppression..."
        busy={deleting}
        error={deleteError}
        onConfirm={() => void deleteProduct()}
        onCancel={() => setConfirmProduct(false)}
      >
        <p>
          Le produit <strong className="font-semibold text-zinc-900">{product.name}</strong> et ses{" "}
          {product.urls.length} URL(s) suivie(s) seront supprimés.
        </p>
        <p className="font-medium text-red-700">
          Cette suppression est irréversible : tout l&apos;historique des prix de ce produit sera supprimé.
        </p>
      </ConfirmDialog>
    </>
  );
}
