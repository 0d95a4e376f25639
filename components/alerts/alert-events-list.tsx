"use client";

import { formatDateTime, formatEuros } from "@/lib/format";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TAlertEvent } from "./types";

function statusBadge(event: TAlertEvent): [string, BadgeTone] {
  if (event.status === "failed") return ["Échec de l'envoi", "danger"];
  if (event.status === "skipped") return ["Annulée", "neutral"];
  if (event.delivery === "test") return [event.status === "sent" ? "Test envoyé" : "Test en cours", "brand"];
  if (event.status === "pending")
    return event.delivery === "digest" ? ["Dans le prochain résumé", "warning"] : ["En cours d'envoi", "warning"];
  return [event.delivery === "digest" ? "Envoyée (résumé)" : "Envoyée", "success"];
}

/** The alerts recorded for a product, newest first (a list that reads well from phone to desktop). */
export function AlertEventsList({ events }: { events: TAlertEvent[] }) {
  if (events.length === 0) return <p className="py-3 text-sm text-zinc-500">Aucune alerte envoyée pour ce produit</p>;
  return (
    <ul aria-label="Alertes envoyées" className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
      {events.map((e) => {
        const [label, tone] = statusBadge(e);
        const down = e.variation?.startsWith("-");
        const up = e.variation?.startsWith("+");
        const detail = [e.url_name, e.description !== e.headline ? e.description : null].filter(Boolean).join(" · ");
        return (
          <li key={e.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 py-3">
            <div className="min-w-0">
              <p className="text-sm font-medium text-zinc-900">{e.headline}</p>
              {detail ? <p className="text-xs text-zinc-500">{detail}</p> : null}
              <p className="mt-0.5 text-xs text-zinc-500 tabular-nums">{formatDateTime(e.created_at)}</p>
            </div>
            <div className="flex flex-col items-end gap-1 text-right">
              <p className="text-sm tabular-nums">
                {e.old_price !== null ? (
                  <span className="mr-1.5 text-zinc-500 line-through">{formatEuros(e.old_price, e.currency)}</span>
                ) : null}
                <span className="font-medium text-zinc-900">
                  {e.new_price !== null ? formatEuros(e.new_price, e.currency) : "N/A"}
                </span>
              </p>
              <div className="flex items-center gap-2">
                {e.variation ? (
                  <span
                    className={`text-xs tabular-nums ${down ? "text-green-700" : up ? "text-red-700" : "text-zinc-500"}`}
                  >
                    {e.variation}
                  </span>
                ) : null}
                <Badge tone={tone} title={e.error ?? undefined}>
                  {label}
                </Badge>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
