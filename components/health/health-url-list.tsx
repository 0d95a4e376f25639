"use client";

import Link from "next/link";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { apiFetch, errorMessage } from "@/client/api-client";
import { API_KEYS } from "@/client/api-keys";
import { useHealthUrls } from "@/client/hooks/use-data-health";
import { useWorkspaceRole } from "@/client/use-current-user";
import { STRATEGY_LABELS } from "@/components/access/labels";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import type { SHOP_STRATEGIES } from "@/db/schema/fetch-access";
import { formatDateTime } from "@/lib/format";
import { productPath } from "@/lib/products/product-path";
import { HEALTH_STATE_LABELS, HEALTH_STATES, type THealthState } from "@/lib/health/schemas";

const FIX_ERROR = "Erreur lors de la correction";
const TONES: Record<THealthState, "success" | "warning" | "danger" | "neutral"> = {
  up_to_date: "success",
  late: "warning",
  blocked: "danger",
  not_found: "danger",
  uncertain: "warning",
  rule_lost: "warning",
  paused: "neutral",
};

type TProps = {
  state: THealthState | "";
  shop: string;
  shops: string[];
  onStateChange: (s: THealthState | "") => void;
  onShopChange: (s: string) => void;
};

/** The filtered, paged list of URLs with a selection and its bulk fixes (Éditeur; the shops' strategy: owner). */
export function HealthUrlList({ state, shop, shops, onStateChange, onShopChange }: TProps) {
  const { canEdit, isOwner } = useWorkspaceRole();
  const { mutate } = useSWRConfig();
  const [cursors, setCursors] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [strategy, setStrategy] = useState("");
  const params = new URLSearchParams({ limit: "50" });
  if (state) params.set("state", state);
  if (shop) params.set("shop", shop);
  const cursor = cursors.at(-1);
  if (cursor) params.set("cursor", cursor);
  const path = `/api/data-health/urls?${params}`;
  const { data, error, isLoading } = useHealthUrls(path);
  const items = data?.items ?? [];

  function resetPaging() {
    setCursors([]);
    setSelected(new Set());
  }

  async function fix(action: string, extra: Record<string, unknown> = {}) {
    setBusy(true);
    setMessage(null);
    try {
      const res = await apiFetch<{ message: string }>("/api/data-health/fixes", {
        method: "POST",
        body: { action, url_ids: [...selected], ...extra },
        fallback: FIX_ERROR,
      });
      setMessage({ tone: "success", text: res.message });
      setSelected(new Set());
      setConfirmDelete(false);
      await Promise.all([mutate(path), mutate(API_KEYS.dataHealth)]);
    } catch (err) {
      setMessage({ tone: "error", text: errorMessage(err, FIX_ERROR) });
    } finally {
      setBusy(false);
    }
  }

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));

  return (
    <Card>
      <CardHeader title="URLs suivies" description="Filtrez, sélectionnez, corrigez en une fois." />
      <CardBody className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <label className="flex flex-col gap-1 text-sm text-zinc-700">
            État
            <Select
              value={state}
              onChange={(e) => {
                onStateChange(e.target.value as THealthState | "");
                resetPaging();
              }}
            >
              <option value="">Tous les états</option>
              {HEALTH_STATES.map((s) => (
                <option key={s} value={s}>
                  {HEALTH_STATE_LABELS[s]}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-zinc-700">
            Boutique
            <Select
              value={shop}
              onChange={(e) => {
                onShopChange(e.target.value);
                resetPaging();
              }}
            >
              <option value="">Toutes les boutiques</option>
              {shops.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </label>
        </div>
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        {canEdit && selected.size > 0 ? (
          <fieldset className="flex flex-wrap items-end gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-3">
            <legend className="px-1 text-sm font-medium text-zinc-800">{selected.size} URL(s) sélectionnée(s)</legend>
            <Button size="sm" variant="secondary" loading={busy} onClick={() => void fix("rescrape")}>
              Relancer le relevé
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => void fix("pause")}>
              Mettre en pause
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => void fix("resume")}>
              Reprendre
            </Button>
            {confirmDelete ? (
              <Button size="sm" variant="danger" disabled={busy} onClick={() => void fix("delete")}>
                Confirmer la suppression (historique compris)
              </Button>
            ) : (
              <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
                Supprimer
              </Button>
            )}
            {isOwner ? (
              <span className="flex items-end gap-2">
                <label className="flex flex-col gap-1 text-sm text-zinc-700">
                  Stratégie des boutiques
                  <Select value={strategy} onChange={(e) => setStrategy(e.target.value)}>
                    <option value="">Choisir…</option>
                    {(Object.keys(STRATEGY_LABELS) as (typeof SHOP_STRATEGIES)[number][]).map((v) => (
                      <option key={v} value={v}>
                        {STRATEGY_LABELS[v]}
                      </option>
                    ))}
                  </Select>
                </label>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy || !strategy}
                  onClick={() => void fix("strategy", { strategy })}
                >
                  Appliquer
                </Button>
              </span>
            ) : null}
          </fieldset>
        ) : null}
        {isLoading && !data ? (
          <p className="text-sm text-zinc-500">Chargement...</p>
        ) : error && !data ? (
          <Alert tone="error">{error.message}</Alert>
        ) : items.length === 0 ? (
          <p className="text-sm text-zinc-500">Aucune URL dans cet état.</p>
        ) : (
          <>
            {state === "late" || state === "up_to_date" ? (
              <p className="text-xs text-zinc-500">
                {state === "late" ? "Les plus en retard d'abord." : "Les prochaines à relever d'abord."}
              </p>
            ) : null}
            {canEdit ? (
              <label className="flex items-center gap-2 text-sm text-zinc-700">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.id)))}
                />
                Tout sélectionner sur cette page
              </label>
            ) : null}
            <ul aria-label="URLs" className="divide-y divide-zinc-200 rounded-lg border border-zinc-200">
              {items.map((u) => (
                <li key={u.id} className="flex gap-3 p-3">
                  {canEdit ? (
                    <input
                      type="checkbox"
                      className="mt-1 size-4 shrink-0"
                      aria-label={`Sélectionner ${u.product_name} chez ${u.name}`}
                      checked={selected.has(u.id)}
                      onChange={() => toggle(u.id)}
                    />
                  ) : null}
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-zinc-900">{u.product_name}</span>
                      <span className="text-zinc-600">chez {u.name}</span>
                      <Badge tone={TONES[u.state]}>{u.state_label}</Badge>
                    </div>
                    <p className="truncate text-sm text-zinc-500" title={u.url}>
                      {u.shop ?? u.url}
                      {u.last_checked_at ? ` · relevé le ${formatDateTime(u.last_checked_at)}` : " · jamais relevé"}
                      {u.consecutive_failures > 0 ? ` · ${u.consecutive_failures} échec(s) d'affilée` : ""}
                    </p>
                    {u.last_error && u.state !== "up_to_date" ? (
                      <p className="text-sm text-zinc-600">{u.last_error}</p>
                    ) : null}
                    {u.paused_reason ? <p className="text-sm text-zinc-600">{u.paused_reason}</p> : null}
                  </div>
                  {canEdit && (u.state === "uncertain" || u.state === "rule_lost") ? (
                    <Link
                      href={`${productPath(u.product_id)}#prix-${u.id}`}
                      className="shrink-0 self-center text-sm font-medium text-brand-700 underline"
                    >
                      Choisir le prix
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
            <nav aria-label="Pages" className="flex justify-between">
              <Button
                size="sm"
                variant="secondary"
                disabled={cursors.length === 0}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                Page précédente
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={!data?.next_cursor}
                onClick={() => data?.next_cursor && setCursors((c) => [...c, data.next_cursor!])}
              >
                Page suivante
              </Button>
            </nav>
          </>
        )}
      </CardBody>
    </Card>
  );
}
