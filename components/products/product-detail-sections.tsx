"use client";

import { useWorkspaceRole } from "@/client/use-current-user";
import { useState } from "react";
import type { TComparison } from "@/client/hooks/use-price-comparison";
import { AlertRulesPanel } from "@/components/alerts/alert-rules-panel";
import { ProductFlagsSection } from "@/components/insights/product-flags-section";
import { ExportBlock } from "@/components/history/export-block";
import { PriceChart } from "@/components/history/price-chart";
import { PriceComparison } from "@/components/history/price-comparison";
import { UrlHistoryTable } from "@/components/history/url-history-table";
import { QueuePanel } from "@/components/queue/queue-panel";
import { Button } from "@/components/ui/button";
import { Tabs } from "@/components/ui/tabs";
import { EditProductForm } from "./edit-product-form";
import { ProductIdentity } from "./product-identity";
import { ProductUrlsSection } from "./product-urls-section";
import type { PlanLimits, Product, ProductUrl } from "./types";

type Props = {
  product: Product;
  /** The server-rendered comparison, shown until the first fetch. */
  comparison: TComparison;
  limits: PlanLimits | null;
  adding: boolean;
  onAdding: (adding: boolean) => void;
  scraping: ReadonlySet<string>;
  onSaved: () => void;
  onDeleteProduct: () => void;
  onScrape: (url: ProductUrl) => void;
  onPriceChosen: (url: ProductUrl) => void;
  onDeleteUrl: (url: ProductUrl) => void;
  onAdded: (url: ProductUrl) => void;
  onTaskFinished: () => void;
};

/**
 * The product in the order a buyer reads it: where the merchants and my price stand, the chart, the promotion
 * checks, the sources with their latest reading, then per-source history, exports, alerts and the task log in tabs.
 * Their data is refreshed by revalidateProduct (client/revalidate-product.ts) after a scrape or a change.
 */
export function ProductDetailSections(props: Props) {
  const { product, onScrape, onPriceChosen, onDeleteUrl } = props;
  const [editing, setEditing] = useState(false);
  const { canEdit } = useWorkspaceRole();
  const urls = product.urls;
  const tracked = urls.length > 0;

  return (
    <>
      {editing ? (
        <EditProductForm
          product={product}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            props.onSaved();
          }}
        />
      ) : canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Modifier le produit
          </Button>
          <button
            type="button"
            className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={props.onDeleteProduct}
          >
            Supprimer le produit
          </button>
        </div>
      ) : null}

      {editing ? null : <ProductIdentity product={product} />}

      {tracked ? (
        <div className="min-w-0 space-y-4">
          <PriceComparison productId={product.id} initial={props.comparison} />
          <PriceChart productId={product.id} />
        </div>
      ) : null}
      {tracked ? <ProductFlagsSection productId={product.id} /> : null}

      <ProductUrlsSection
        product={product}
        limits={props.limits}
        adding={props.adding}
        onAdding={props.onAdding}
        scraping={props.scraping}
        onScrape={onScrape}
        onPriceChosen={onPriceChosen}
        onDelete={onDeleteUrl}
        onAdded={props.onAdded}
      />

      <Tabs
        label="Détails du produit"
        items={[
          {
            value: "historique",
            label: "Historique",
            content: tracked ? (
              <div className="space-y-4">
                {urls.map((url) => (
                  <UrlHistoryTable
                    key={url.id}
                    urlId={url.id}
                    url={url.url}
                    name={url.name}
                    productId={product.id}
                    productName={product.name}
                  />
                ))}
              </div>
            ) : (
              <p className="text-sm text-zinc-500">Aucun historique disponible</p>
            ),
          },
          {
            value: "exports",
            label: "Exports",
            content: tracked ? (
              <ExportBlock productId={product.id} productName={product.name} />
            ) : (
              <p className="text-sm text-zinc-500">Ajoutez une URL pour exporter ses prix.</p>
            ),
          },
          { value: "alertes", label: "Alertes", content: <AlertRulesPanel productId={product.id} urls={urls} /> },
          {
            value: "taches",
            label: "Tâches",
            content: tracked ? (
              <QueuePanel productId={product.id} onTaskFinished={props.onTaskFinished} />
            ) : (
              <p className="text-sm text-zinc-500">Aucune tâche : ajoutez une URL pour lancer un relevé.</p>
            ),
          },
        ]}
      />
    </>
  );
}
