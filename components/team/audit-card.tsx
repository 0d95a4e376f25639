"use client";

import { useState } from "react";
import { useResource } from "@/client/hooks/use-resource";
import type { Jsonify } from "@/client/jsonify";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { listAuditEvents } from "@/lib/audit/list-audit-events";
import { formatDateTime } from "@/lib/format";

type TAudit = Jsonify<Awaited<ReturnType<typeof listAuditEvents>>>;

const ACTIONS: Record<string, string> = {
  "invitation.create": "Invitation envoyée",
  "invitation.revoke": "Invitation annulée",
  "invitation.accept": "Invitation acceptée",
  "member.role": "Rôle modifié",
  "member.remove": "Membre retiré",
  "member.leave": "Membre parti",
  "product.create": "Produit créé",
  "product.update": "Produit modifié",
  "product.delete": "Produit supprimé",
  "url.create": "URL ajoutée",
  "url.update": "URL modifiée",
  "url.delete": "URL supprimée",
  "alert_rule.create": "Règle d'alerte créée",
  "alert_rule.update": "Règle d'alerte modifiée",
  "alert_rule.delete": "Règle d'alerte supprimée",
  "channel.create": "Canal créé",
  "channel.delete": "Canal supprimé",
  "price_source.update": "Choix du prix modifié",
  "plan.change": "Abonnement modifié",
};

/** Who did what in the workspace, newest first, 50 a page; the whole log downloads as CSV (owners). */
export function AuditCard() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useResource<TAudit>(
    `/api/workspaces/current/audit?page=${page}`,
    "Erreur lors de la récupération du journal d'activité",
  );
  return (
    <Card>
      <CardHeader
        title="Journal d'activité"
        description="Qui a créé, modifié ou supprimé quoi dans cet espace, et d'où."
        actions={
          <a href="/api/workspaces/current/audit.csv" className={buttonClasses("secondary", "sm")} download>
            Exporter en CSV
          </a>
        }
      />
      <CardBody className="space-y-3">
        {isLoading && !data ? (
          <div role="status" aria-label="Chargement du journal" className="space-y-2">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : error && !data ? (
          <Alert tone="error">{error.message}</Alert>
        ) : data && data.events.length === 0 ? (
          <p className="text-sm text-zinc-500">Aucune activité enregistrée</p>
        ) : data ? (
          <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
            {data.events.map((e) => (
              <li key={e.id} className="px-3 py-2.5 text-sm">
                <p className="font-medium text-zinc-900">
                  {ACTIONS[e.action] ?? e.action}
                  {auditTarget(e.summary) ? ` · ${auditTarget(e.summary)}` : ""}
                </p>
                <p className="num text-xs break-words text-zinc-500">
                  {formatDateTime(e.created_at)} · {e.actor_email ?? "système"}
                  {e.ip ? ` · ${e.ip}` : ""}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        {data && (page > 1 || data.has_more) ? (
          <div className="flex justify-between">
            <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Plus récents
            </Button>
            <Button variant="secondary" size="sm" disabled={!data.has_more} onClick={() => setPage(page + 1)}>
              Plus anciens
            </Button>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}

/** What an audit line is about, from its summary: a name, an address or a URL. */
function auditTarget(summary: Record<string, unknown>): string | null {
  for (const key of ["name", "email", "url"]) if (typeof summary[key] === "string") return summary[key] as string;
  return null;
}
