"use client";

import { useId, useState } from "react";
import { apiFetch, errorMessage } from "@/client/api-client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatCsvRow } from "@/lib/exports/format-csv-row";
import { decimal, text } from "@/lib/exports/csv-dialects";
import type { TBulkProducts } from "@/lib/products/bulk/bulk-schema";
import type { TFrequency } from "@/lib/products/schemas";
import { ConfirmDialog } from "./confirm-dialog";
import { FrequencySelect } from "./frequency-select";
import { POSITION_LABELS } from "./products-query";
import type { ProductSummary } from "./types";

const ERROR = "L'action sur la sélection a échoué";

type Props = {
  selected: ProductSummary[];
  canEdit: boolean;
  hourlyAllowed: boolean;
  onDone: (message: string, deleted: boolean) => void;
  onClear: () => void;
};

/** The selection's CSV (French Excel dialect), built from the lines shown: no request, nothing left behind. */
function exportSelection(rows: ProductSummary[]) {
  const header = [
    "Produit",
    "SKU",
    "EAN",
    "Marque",
    "Catégorie",
    "Étiquettes",
    "Mon prix",
    "Moins cher",
    "Position",
    "URLs",
  ];
  const lines = [
    formatCsvRow(
      header.map((h) => text(h)),
      "excel",
    ),
    ...rows.map((p) =>
      formatCsvRow(
        [
          text(p.name),
          text(p.sku),
          text(p.gtins.join(" ")),
          text(p.brand),
          text(p.category),
          text(p.tags.join(", ")),
          decimal(p.reference_price),
          decimal(p.lowest_price),
          text(p.position ? POSITION_LABELS[p.position] : null),
          text(String(p.url_count)),
        ],
        "excel",
      ),
    ),
  ];
  const blob = new Blob([`\uFEFF${lines.join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "selection_produits.csv";
  a.click();
  URL.revokeObjectURL(a.href);
}

/** What can be done to the selected products at once; a Lecteur only exports them. */
export function BulkBar({ selected, canEdit, hourlyAllowed, onDone, onClear }: Props) {
  const [tag, setTag] = useState("");
  const [frequency, setFrequency] = useState<TFrequency>("daily");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [actionsOpen, setActionsOpen] = useState(false);
  const actionsId = useId();
  const ids = selected.map((p) => p.id);
  const n = selected.length;

  async function run(body: TBulkProducts) {
    setBusy(true);
    setError(null);
    try {
      const res = await apiFetch<{ message: string; matched: number }>("/api/products/bulk", {
        method: "POST",
        body,
        fallback: ERROR,
      });
      setConfirming(false);
      if (body.action === "tag") setTag("");
      onDone(`${res.message} (${res.matched} produit${res.matched > 1 ? "s" : ""})`, body.action === "delete");
    } catch (err) {
      setError(errorMessage(err, ERROR));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-label="Actions sur la sélection"
      className="sticky bottom-2 z-10 rounded-xl border border-brand-200 bg-white p-3 shadow-md"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm font-medium text-zinc-800" aria-live="polite">
          {n} produit{n > 1 ? "s" : ""} sélectionné{n > 1 ? "s" : ""}
        </p>
        <Button size="sm" variant="secondary" onClick={() => exportSelection(selected)}>
          Exporter la sélection
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Désélectionner
        </Button>
        {canEdit ? (
          // on a phone the editing actions fold away, so the sticky bar does not cover the list
          <Button
            size="sm"
            variant="secondary"
            className="sm:hidden"
            aria-expanded={actionsOpen}
            aria-controls={actionsId}
            onClick={() => setActionsOpen((o) => !o)}
          >
            {actionsOpen ? "Moins d'actions" : "Plus d'actions"}
          </Button>
        ) : null}
      </div>
      {canEdit ? (
        <div id={actionsId} className={`${actionsOpen ? "flex" : "hidden"} mt-3 flex-wrap items-end gap-2 sm:flex`}>
          <div className="flex items-end gap-2">
            <label className="text-xs text-zinc-600">
              Étiquette
              <Input className="mt-1 h-8 w-36" value={tag} maxLength={50} onChange={(e) => setTag(e.target.value)} />
            </label>
            <Button size="sm" disabled={busy || !tag.trim()} onClick={() => run({ action: "tag", ids, add: [tag] })}>
              Étiqueter
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy || !tag.trim()}
              onClick={() => run({ action: "tag", ids, remove: [tag] })}
            >
              Retirer
            </Button>
          </div>
          <div className="flex items-end gap-2">
            <label className="text-xs text-zinc-600">
              Fréquence
              <FrequencySelect
                className="mt-1 h-8"
                hourlyAllowed={hourlyAllowed}
                value={frequency}
                onChange={(e) => setFrequency(e.target.value as TFrequency)}
              />
            </label>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => run({ action: "frequency", ids, tracking_frequency: frequency })}
            >
              Appliquer
            </Button>
          </div>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => run({ action: "pause", ids })}>
            Mettre en pause
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => run({ action: "resume", ids })}>
            Reprendre le suivi
          </Button>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
            Supprimer
          </Button>
        </div>
      ) : null}
      {error && !confirming ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Supprimer ${n} produit${n > 1 ? "s" : ""} ?`}
        confirmLabel="Supprimer"
        busyLabel="Suppression..."
        busy={busy}
        error={error}
        onConfirm={() => run({ action: "delete", ids })}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Cette action est irréversible : les URLs suivies et tout l'historique des prix de ces produits seront
          supprimés.
        </p>
      </ConfirmDialog>
    </section>
  );
}
