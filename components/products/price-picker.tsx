"use client";

import { useEffect, useId, useState } from "react";
import { apiFetch, errorMessage } from "@/client/api-client";
import { formatEuros } from "@/lib/format";
import { usePriceCandidates } from "@/client/hooks/use-price-candidates";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ProductUrl } from "./types";

type Candidate = {
  id: string;
  price: string;
  currency: string | null;
  context: string;
  source: string;
  selected: boolean;
};

const SAVE_ERROR = "Erreur lors de l'enregistrement du choix du prix";

function amount(c: Candidate): string {
  try {
    return formatEuros(c.price, c.currency ?? "EUR");
  } catch {
    return c.price;
  }
}

/** The prices found on the page, to choose the right one, type a CSS selector, or go back to automatic. */
function PricePickerPanel({
  productId,
  url,
  onChanged,
}: {
  productId: string;
  url: ProductUrl;
  onChanged: () => void;
}) {
  const base = `/api/products/${productId}/urls/${url.id}`;
  const { data, error, isLoading: loading } = usePriceCandidates(productId, url.id);
  const current = data?.candidates.find((c) => c.selected)?.id ?? null;
  const [choice, setChoice] = useState<string | null>(null);
  const [selector, setSelector] = useState("");
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const name = useId();
  const picked = choice ?? current;

  async function save(body: Record<string, unknown>) {
    setSaving(true);
    setSaveError(null);
    try {
      await apiFetch(`${base}/price-source`, { method: "PUT", body, fallback: SAVE_ERROR });
      onChanged();
    } catch (err) {
      setSaveError(errorMessage(err, SAVE_ERROR));
    } finally {
      setSaving(false);
    }
  }

  if (loading && !data) return <p className="mt-2 text-sm text-zinc-600">Chargement des prix trouvés...</p>;
  if (error && !data) return <Alert tone="error">{error.message}</Alert>;
  const candidates = data?.candidates ?? [];
  return (
    <div className="mt-2 space-y-3 rounded-lg border border-zinc-200 bg-zinc-50 p-3" data-testid="price-picker">
      {candidates.length === 0 ? (
        <p className="text-sm text-zinc-600">Aucun prix trouvé lors du dernier relevé.</p>
      ) : (
        <fieldset>
          <legend className="text-sm font-semibold text-zinc-900">Prix trouvés sur la page</legend>
          <ul className="mt-2 max-h-72 space-y-1.5 overflow-y-auto">
            {candidates.map((c) => (
              <li key={c.id}>
                <label className="flex cursor-pointer items-start gap-2 rounded-md bg-white p-2 text-sm shadow-xs">
                  <input
                    type="radio"
                    name={name}
                    value={c.id}
                    checked={picked === c.id}
                    onChange={() => setChoice(c.id)}
                    className="mt-1"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="num font-semibold text-zinc-900">{amount(c)}</span>
                      <Badge tone="neutral">{c.source}</Badge>
                      {c.selected ? <Badge tone="success">Choix actuel</Badge> : null}
                    </span>
                    {c.context ? (
                      <span className="mt-0.5 block break-words text-xs text-zinc-600">{c.context}</span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <Button
            type="button"
            size="sm"
            className="mt-2"
            disabled={saving || picked === null || picked === current}
            onClick={() => picked && void save({ candidate_id: picked })}
          >
            Utiliser ce prix
          </Button>
        </fieldset>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (selector.trim()) void save({ selector: selector.trim() });
        }}
      >
        <label className="min-w-0 flex-1 text-sm">
          <span className="mb-1 block font-medium text-zinc-800">Ou un sélecteur CSS</span>
          <Input value={selector} onChange={(e) => setSelector(e.target.value)} placeholder=".product-price" />
        </label>
        <Button type="submit" size="sm" variant="secondary" disabled={saving || !selector.trim()}>
          Utiliser ce sélecteur
        </Button>
      </form>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        disabled={saving || data?.automatic}
        onClick={() => void save({ automatic: true })}
      >
        Revenir au choix automatique
      </Button>
      {saveError ? <Alert tone="error">{saveError}</Alert> : null}
    </div>
  );
}

/** 'Ce n'est pas le bon prix ?' on a URL row with a price; 'Choisir le bon prix' when it is uncertain. */
export function PricePicker({
  productId,
  url,
  onChanged,
}: {
  productId: string;
  url: ProductUrl;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  // '#prix-<url id>' (the data-health screen's link) opens it
  useEffect(() => {
    if (window.location.hash === `#prix-${url.id}`) setOpen(true);
  }, [url.id]);
  const uncertain = url.last_status === "uncertain";
  // correcting a price needs one; an uncertain page offers its candidates to choose from instead
  if (!uncertain && url.latest?.price == null) return null;
  return (
    <div className="mt-2">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        {uncertain ? "Choisir le bon prix" : "Ce n'est pas le bon prix ?"}
      </button>
      {open ? (
        <PricePickerPanel
          productId={productId}
          url={url}
          onChanged={() => {
            setOpen(false);
            onChanged();
          }}
        />
      ) : null}
    </div>
  );
}
