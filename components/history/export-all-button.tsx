"use client";

import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { downloadFile } from "./download-file";

const ERROR = "Erreur lors de l'export";

const CHOICES = [
  { key: "latest", label: "Derniers prix (CSV)", url: "/api/exports/products.csv?type=latest", file: "tous_les_produits_derniers_prix.csv" },
  { key: "history", label: "Historique complet (CSV)", url: "/api/exports/products.csv?type=history", file: "tous_les_produits_historique_complet.csv" },
  { key: "xlsx", label: "Classeur Excel (.xlsx)", url: "/api/exports/products.xlsx", file: "tous_les_produits_export.xlsx" },
] as const;

/** 'Exporter tout' on the Products screen: every product at once, as CSV or Excel. */
export function ExportAllButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  async function run(choice: (typeof CHOICES)[number]) {
    setOpen(false);
    setBusy(choice.key);
    setError(null);
    try {
      await downloadFile(choice.url, choice.file, ERROR);
    } catch (err) {
      setError(errorMessage(err, ERROR));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div ref={root} className={className}>
      <div className="relative inline-block">
        <Button variant="secondary" aria-haspopup="menu" aria-expanded={open} loading={busy !== null} onClick={() => setOpen((o) => !o)}>
          {busy ? "Export..." : "Exporter tout"}
        </Button>
        {open ? (
          <div role="menu" className="absolute right-0 z-20 mt-1 w-60 overflow-hidden rounded-lg border border-zinc-200 bg-white py-1 shadow-lg">
            {CHOICES.map((c) => (
              <button
                key={c.key}
                role="menuitem"
                type="button"
                onClick={() => run(c)}
                className="block w-full px-3 py-2 text-left text-sm text-zinc-700 hover:bg-zinc-50 focus-visible:bg-zinc-50"
              >
                {c.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {error ? (
        <Alert tone="error" className="mt-2" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
