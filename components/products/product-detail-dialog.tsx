"use client";

import { useEffect, useRef, useState } from "react";
import { apiFetch, errorMessage } from "@/client/api-client";
import { useProduct } from "@/client/hooks/use-product";
import { revalidateProduct } from "@/client/revalidate-product";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { AlertRulesPanel } from "@/components/alerts/alert-rules-panel";
import { QueuePanel } from "@/components/queue/queue-panel";
import { ConfirmDialog } from "./confirm-dialog";
import { ProductFlagsSection } from "@/components/insights/product-flags-section";
import { EditProductForm } from "./edit-product-form";
import { ProductHistorySlot } from "./product-history-slot";
import { ProductUrlsSection } from "./product-urls-section";
import type { PlanLimits, Product, ProductSummary, ProductUrl } from "./types";

const DELETE_ERROR = "Erreur lors de la suppression du produit";
const DELETE_URL_ERROR = "Erreur lors de la suppression de l'URL";
const SCRAPE_ERROR = "Erreur lors du déclenchement du scraping";
// SPEC.md §9: product data is refreshed 5 s after a manual scrape
const REFRESH_AFTER_SCRAPE_MS = 5000;

type Banner = { tone: "success" | "error"; text: string } | null;

type Props = {
  productId: string;
  /** The grid's summary, shown while the detail loads. */
  initial: ProductSummary | undefined;
  limits: PlanLimits | null;
  onClose: () => void;
  /** Something changed (URL added or deleted, product renamed): the list should reload. */
  onChanged: () => void;
  onDeleted: () => void;
};

export function ProductDetailDialog({ productId, initial, limits, onClose, onChanged, onDeleted }: Props) {
  const { data, error, mutate } = useProduct(productId);
  const product = data;
  const setData = (next: Product) => void mutate(next, { revalidate: false });
  const [banner, setBanner] = useState<Banner>(null);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [scraping, setScraping] = useState<Set<string>>(new Set());
  const [confirmUrl, setConfirmUrl] = useState<ProductUrl | null>(null);
  const [confirmProduct, setConfirmProduct] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  // every panel showing this product (URLs, history, chart, comparison, queue, alerts sent) fetches again
  // the URLs as they are now, not as a timer's closure saw them (a deleted URL's history is never refetched)
  const currentUrls = useRef(data?.urls ?? []);
  currentUrls.current = data?.urls ?? [];
  const refresh = (urls = currentUrls.current) =>
    void revalidateProduct(
      productId,
      urls.map((u) => u.id),
    );

  // a reading landed (seen by the product's own polling while a first one is awaited): the other panels follow
  const readings = data?.urls.map((u) => u.last_checked_at ?? "").join("|");
  const seenReadings = useRef(readings);
  useEffect(() => {
    if (seenReadings.current === readings) return;
    const first = seenReadings.current === undefined;
    seenReadings.current = readings;
    if (!first) refresh();
  });
  const refreshLater = (after: () => void = () => {}) => {
    timers.current.push(
      window.setTimeout(() => {
        refresh();
        after();
      }, REFRESH_AFTER_SCRAPE_MS),
    );
  };

  if (!product) {
    return (
      <Dialog open onClose={onClose} title={initial?.name ?? "Produit"} size="xl">
        {error ? <Alert tone="error">{error.message}</Alert> : <p role="status">Chargement...</p>}
      </Dialog>
    );
  }

  const urls = product.urls;

  async function scrape(url: ProductUrl) {
    setScraping((s) => new Set(s).add(url.id));
    try {
      await apiFetch(`/api/scraping/urls/${url.id}/scrape`, { method: "POST", fallback: SCRAPE_ERROR });
      setBanner({ tone: "success", text: `Scraping lancé pour ${url.name}` });
      refresh();
      refreshLater(() =>
        setScraping((s) => {
          const next = new Set(s);
          next.delete(url.id);
          return next;
        }),
      );
    } catch (err) {
      setBanner({ tone: "error", text: errorMessage(err, SCRAPE_ERROR) });
      setScraping((s) => {
        const next = new Set(s);
        next.delete(url.id);
        return next;
      });
    }
  }

  async function deleteUrl() {
    if (!confirmUrl) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await apiFetch(`/api/products/${product!.id}/urls/${confirmUrl.id}`, {
        method: "DELETE",
        fallback: DELETE_URL_ERROR,
      });
      const left = product!.urls.filter((u) => u.id !== confirmUrl.id);
      setData({ ...product!, urls: left, url_count: left.length });
      setConfirmUrl(null);
      setBanner({ tone: "success", text: "URL supprimée avec succès" });
      // not the deleted URL's history: its table is still on screen until the next render
      refresh(left);
      onChanged();
    } catch (err) {
      setDeleteError(errorMessage(err, DELETE_URL_ERROR));
    } finally {
      setDeleting(false);
    }
  }

  async function deleteProduct() {
    setDeleting(true);
    setDeleteError(null);
    try {
      await apiFetch(`/api/products/${product!.id}`, { method: "DELETE", fallback: DELETE_ERROR });
      setConfirmProduct(false);
      onDeleted();
    } catch (err) {
      setDeleteError(errorMessage(err, DELETE_ERROR));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={product.name}
        description={product.description || "Aucune description"}
        size="xl"
      >
        <div className="space-y-6">
          {banner ? (
            <Alert tone={banner.tone} onDismiss={() => setBanner(null)}>
              {banner.text}
            </Alert>
          ) : null}
          {error && data === undefined ? <Alert tone="error">{error.message}</Alert> : null}

          {editing ? (
            <EditProductForm
              product={product}
              onCancel={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                setBanner({ tone: "success", text: "Produit mis à jour avec succès" });
                refresh();
                onChanged();
              }}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Modifier le produit
              </Button>
              <button
                type="button"
                className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => {
                  setDeleteError(null);
                  setConfirmProduct(true);
                }}
              >
                Supprimer le produit
              </button>
            </div>
          )}

          <ProductUrlsSection
            product={product}
            limits={limits}
            adding={adding}
            onAdding={setAdding}
            scraping={scraping}
            onScrape={(url) => void scrape(url)}
            onPriceChosen={(url) => {
              setBanner({ tone: "success", text: `Prix choisi pour ${url.name} : nouveau relevé lancé` });
              refresh();
              refreshLater();
            }}
            onDelete={(url) => {
              setDeleteError(null);
              setConfirmUrl(url);
            }}
            onAdded={(url) => {
              setData({ ...product, urls: [...urls, url], url_count: urls.length + 1 });
              setAdding(false);
              setBanner({ tone: "success", text: "URL ajoutée avec succès" });
              refresh();
              refreshLater();
              onChanged();
            }}
          />

          <ProductHistorySlot product={product} />
          {urls.length > 0 ? (
            <QueuePanel productId={product.id} onTaskFinished={() => refresh()} className="mt-6" />
          ) : null}
          <ProductFlagsSection productId={product.id} />
          <AlertRulesPanel productId={product.id} urls={urls} />
        </div>
      </Dialog>

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
          Le produit <strong className="font-semibold text-zinc-900">{product.name}</strong> et ses {urls.length} URL(s)
          suivie(s) seront supprimés.
        </p>
        <p className="font-medium text-red-700">
          Cette suppression est irréversible : tout l&apos;historique des prix de ce produit sera supprimé.
        </p>
      </ConfirmDialog>
    </>
  );
}
