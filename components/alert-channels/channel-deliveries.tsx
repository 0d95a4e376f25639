"use client";

import { type TChannelDelivery, useChannelDeliveries } from "@/client/hooks/use-alert-channels";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";

const STATUS: Record<TChannelDelivery["status"], { label: string; tone: BadgeTone }> = {
  sent: { label: "Envoyé", tone: "success" },
  pending: { label: "Nouvel essai prévu", tone: "warning" },
  failed: { label: "Échec", tone: "danger" },
};

/** The delivery log of one channel: status, HTTP code, duration, attempts and error of the latest sends. */
export function ChannelDeliveries({ channelId }: { channelId: string }) {
  const { data, error, isLoading } = useChannelDeliveries(channelId);
  if (isLoading && !data) {
    return (
      <div role="status" aria-label="Chargement du journal des envois">
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (error && !data) return <Alert tone="error">{error.message}</Alert>;
  if (!data || data.deliveries.length === 0)
    return <p className="text-sm text-zinc-500">Aucun envoi pour l&apos;instant</p>;
  return (
    <ul className="divide-y divide-zinc-100 rounded-md border border-zinc-200 bg-white" aria-label="Journal des envois">
      {data.deliveries.map((d) => (
        <li key={d.id} className="space-y-1 px-3 py-2 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
            {d.test ? <Badge tone="neutral">Test</Badge> : null}
            <span className="min-w-0 truncate text-zinc-900">{d.summary}</span>
          </div>
          <p className="num text-xs text-zinc-500">
            {formatDateTime(d.sent_at ?? d.created_at)} · {d.http_status ? `HTTP ${d.http_status}` : "sans réponse"}
            {d.duration_ms !== null ? ` · ${d.duration_ms} ms` : ""} · {d.attempts}{" "}
            {d.attempts > 1 ? "essais" : "essai"}
            {d.next_attempt_at ? ` · prochain essai le ${formatDateTime(d.next_attempt_at)}` : ""}
          </p>
          {d.error ? <p className="text-xs break-words text-red-700">{d.error}</p> : null}
        </li>
      ))}
    </ul>
  );
}
