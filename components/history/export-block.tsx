"use client";

import { useState } from "react";
import { errorMessage } from "@/client/api-client-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { downloadFile } from "./download-file";

const ERROR = "Erreur lors de l'export";

type Kind = "latest" | "history" | "xlsx";

const FILES: Record<Kind, { path: (id: string) => string; suffix: string }> = {
  latest: { path: (id) => `/api/products/${id}/export/latest.csv`, suffix: "derniers_prix.csv" },
  history: { path: (id) => `/api/products/${id}/export/history.csv`, suffix: "historique_complet.csv" },
  xlsx: { path: (id) => `/api/products/${id}/export.xlsx`, suffix: "export.xlsx" },
};

/** The detail modal's export block (SPEC.md §2): 'Derniers prix', 'Historique complet', and Excel. */
export function ExportBlock({ productId, productName }: { productId: string; productName: string }) {
  const [busy, setBusy] = useState<Kind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [standard, setStandard] = useState(false);

  async function run(kind: Kind) {
    setBusy(kind);
    setError(null);
    try {
      const query = kind !== "xlsx" && standard ? "?dialect=standard" : "";
      await downloadFile(
        `${FILES[kind].path(productId)}${query}`,
        `${productName.replace(/\s/g, "_")}_${FILES[kind].suffix}`,
        ERROR,
      );
    } catch (err) {
      setError(errorMessage(err, ERROR));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby={`export-${productId}`}
      className="min-w-0 rounded-lg border border-zinc-200 bg-zinc-50/60 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={`export-${productId}`} className="text-sm font-semibold text-zinc-900">
            Export CSV
          </h3>
          <p className="text-xs text-zinc-500">Dans la limite de la durée d&apos;historique de votre abonnement.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            loading={busy === "latest"}
            disabled={busy !== null}
            onClick={() => run("latest")}
          >
            Derniers prix
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={busy === "history"}
            disabled={busy !== null}
            onClick={() => run("history")}
          >
            Historique complet
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={busy === "xlsx"}
            disabled={busy !== null}
            onClick={() => run("xlsx")}
          >
            Excel
          </Button>
        </div>
      </div>
      <label className="mt-3 inline-flex cursor-pointer items-center gap-2 text-xs text-zinc-600">
        <input
          type="checkbox"
          checked={standard}
          onChange={(e) => setStandard(e.target.checked)}
          className="size-3.5 rounded border-zinc-300 accent-brand-600"
        />
        CSV standard (virgule, point décimal, dates ISO) au lieu du format Excel français
      </label>
      {error ? (
        <Alert tone="error" className="mt-3" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </section>
  );
}
