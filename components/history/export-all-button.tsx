"use client";

import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { errorMessage } from "@/client/api-client-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { downloadFile } from "./download-file";

const ERROR = "Erreur lors de l'export";

const CHOICES = [
  {
    key: "latest",
    label: "Derniers prix (CSV)",
    url: "/api/exports/products.csv?type=latest",
    file: "tous_les_produits_derniers_prix.csv",
  },
  {
    key: "history",
    label: "Historique complet (CSV)",
    url: "/api/exports/products.csv?type=history",
    file: "tous_les_produits_historique_complet.csv",
  },
  {
    key: "xlsx",
    label: "Classeur Excel (.xlsx)",
    url: "/api/exports/products.xlsx",
    file: "tous_les_produits_export.xlsx",
  },
] as const;

/** 'Exporter tout' on the Products screen: every product at once, as CSV or Excel; full-width on a phone. */
export function ExportAllButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(choice: (typeof CHOICES)[number]) {
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
    <div className={cn("w-full sm:w-auto", className)}>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="secondary" loading={busy !== null} className="w-full sm:w-auto">
            {busy ? "Export..." : "Exporter tout"}
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-20 w-60 overflow-hidden rounded-lg border border-zinc-200 bg-white py-1 shadow-lg"
          >
            {CHOICES.map((c) => (
              <DropdownMenu.Item
                key={c.key}
                onSelect={() => void run(c)}
                className={cn(
                  "block w-full cursor-pointer px-3 py-2 text-left text-sm text-zinc-700 outline-none",
                  "hover:bg-zinc-50 data-[highlighted]:bg-zinc-50",
                )}
              >
                {c.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {error ? (
        <Alert tone="error" className="mt-2" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
