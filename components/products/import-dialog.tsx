"use client";

import { cn } from "@/lib/cn";
import { useEffect, useRef, useState } from "react";
import { pageFetch } from "@/client/api-client";
import { ApiClientError } from "@/client/api-client-error";
import { useProductImport } from "@/client/hooks/use-product-import";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { LineReportTable } from "@/components/ui/line-report-table";
import type { ImportSummary } from "./types";

const IMPORT_ERROR = "Erreur lors de l'import du fichier";
const MAX_BYTES = 5 * 1024 * 1024;
const SHOWN_REFUSALS = 50;

async function uploadFile(file: File): Promise<ImportSummary> {
  const form = new FormData();
  form.set("file", file);
  let res: Response;
  try {
    res = await pageFetch("/api/products/import", { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiClientError(IMPORT_ERROR, 0);
  }
  const data = (await res.json().catch(() => null)) as (ImportSummary & { detail?: string; code?: string }) | null;
  if (!res.ok) {
    if (res.status === 401) window.location.assign(`/login?redirect=${encodeURIComponent("/products")}`);
    throw new ApiClientError(data?.detail || IMPORT_ERROR, res.status, data?.code);
  }
  return data as ImportSummary;
}

type Props = { open: boolean; onClose: () => void; onImported: (summary: ImportSummary) => void };

/**
 * Bulk import of a CSV or XLSX file, run in the background: shows its progress ('1 200 / 10 000 lignes'), then
 * what was created and every refused line with its reason. Closing the dialog does not stop the import.
 */
export function ImportDialog({ open, onClose, onImported }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<ImportSummary | null>(null);
  const importId = started?.id ?? null;
  const job = useProductImport(importId).data ?? started ?? undefined;
  const summary = job?.status === "done" ? job : null;
  const running = importId !== null && !summary && job?.status !== "failed";
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!summary || reported.current === summary.id) return;
    reported.current = summary.id;
    onImported(summary);
  }, [summary, onImported]);

  const close = () => {
    if (busy) return;
    setFile(null);
    setError(null);
    setStarted(null);
    onClose();
  };

  async function submit() {
    if (!file) {
      setError("Choisissez un fichier CSV ou XLSX");
      return;
    }
    if (file.size > MAX_BYTES) {
      setError("Le fichier dépasse la taille maximale autorisée (5 Mo)");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setStarted(await uploadFile(file));
    } catch (err) {
      setError(err instanceof ApiClientError ? err.message : IMPORT_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Importer des produits"
      description="Un fichier CSV (séparateur ; ou ,) ou Excel (.xlsx) de 5 Mo au plus."
      size="lg"
      dismissible={!busy}
      footer={
        importId ? (
          <Button onClick={close}>Fermer</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Annuler
            </Button>
            <Button onClick={() => void submit()} loading={busy}>
              {busy ? "Import..." : "Importer"}
            </Button>
          </>
        )
      }
    >
      {importId && !summary ? (
        <div className="space-y-3" aria-live="polite">
          {job?.status === "failed" ? (
            <Alert tone="error">{job.message}</Alert>
          ) : (
            <>
              <p className="text-sm text-zinc-700">{job ? job.message : "Import en cours…"}</p>
              <div
                className="h-2 overflow-hidden rounded-full bg-zinc-100"
                role="progressbar"
                aria-label="Progression de l'import"
                aria-valuemin={0}
                aria-valuemax={job?.total_rows ?? 0}
                aria-valuenow={job?.done_rows ?? 0}
              >
                <div
                  className="h-full bg-brand-600 transition-all"
                  style={{ width: `${job && job.total_rows > 0 ? (100 * job.done_rows) / job.total_rows : 0}%` }}
                />
              </div>
              {running ? (
                <p className="text-xs text-zinc-500">
                  Vous pouvez fermer cette fenêtre : l&apos;import continue et vos produits apparaîtront au fur et à
                  mesure.
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : summary ? (
        <div className="space-y-4">
          <Alert tone={summary.refused_count > 0 ? "warning" : "success"}>{summary.message}</Alert>
          {summary.refused.length > 0 ? (
            <div>
              <p className="mb-2 text-sm font-semibold text-zinc-900">Lignes refusées</p>
              <LineReportTable
                className="max-h-72"
                headers={["Produit", "Motif"]}
                rows={summary.refused.slice(0, SHOWN_REFUSALS).map((r) => ({
                  key: r.line,
                  line: r.line,
                  cells: [r.product || "—", r.reason],
                }))}
              />
              {summary.refused.length > SHOWN_REFUSALS ? (
                <p className="mt-2 text-xs text-zinc-500">
                  … et {summary.refused.length - SHOWN_REFUSALS} autre(s) ligne(s) refusée(s).
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : (
        <div className="space-y-4">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="rounded-lg bg-zinc-50 p-3 text-sm text-zinc-600">
            <p>
              Colonnes attendues (la première ligne) : <strong>produit</strong>, description, <strong>source</strong>,{" "}
              <strong>url</strong>, frequence.
            </p>
            <p className="mt-1">
              Fréquence : hourly, daily ou weekly (ou Toutes les heures, Quotidienne, Hebdomadaire) ; quotidienne si
              vide. Les lignes d&apos;un même produit sont regroupées.
            </p>
          </div>
          <Field label="Fichier">
            <input
              ref={inputRef}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
              className={cn(
                "block w-full text-sm text-zinc-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50",
                "file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100",
              )}
            />
          </Field>
        </div>
      )}
    </Dialog>
  );
}
