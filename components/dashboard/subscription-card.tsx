"use client";

import Link from "next/link";
import { formatAmount, formatUnixDate } from "@/lib/format";
import { useSubscription } from "@/client/hooks/use-subscription";
import { useWorkspaceRole } from "@/client/use-current-user";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { Plan } from "./types";

export function planPriceHt(plan: Plan | null | undefined) {
  return plan?.limits.price_ht ?? null;
}

export function SubscriptionCard() {
  const { data, error, isLoading: loading } = useSubscription();
  const { isOwner } = useWorkspaceRole();
  const sub = data ?? null;

  return (
    <Card>
      <CardHeader title="Mon abonnement" />
      <CardBody>
        {loading && data === undefined ? (
          <div role="status" aria-label="Chargement de l'abonnement" className="space-y-3">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : error ? (
          <Alert tone="error">{error.message}</Alert>
        ) : sub ? (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="success">Abonnement actif</Badge>
              {sub.cancel_at_period_end || sub.pending_plan ? (
                <Badge tone="warning">
                  Passage au plan {sub.cancel_at_period_end ? "Freemium" : sub.pending_plan?.name} le{" "}
                  {formatUnixDate(sub.current_period_end)}
                </Badge>
              ) : null}
            </div>
            <div>
              <p className="text-lg font-semibold text-zinc-900">{sub.plan?.name ?? "Plan"}</p>
              {planPriceHt(sub.plan) !== null ? (
                <p className="num mt-0.5 text-sm text-zinc-600">{formatAmount(planPriceHt(sub.plan))} € /mois HT</p>
              ) : null}
            </div>
            {sub.current_period_end ? (
              <p className="num text-sm text-zinc-600">
                {sub.cancel_at_period_end || sub.pending_plan
                  ? "Plan en vigueur jusqu'au "
                  : "Prochaine facturation : "}
                {formatUnixDate(sub.current_period_end)}
              </p>
            ) : null}
            {isOwner ? (
              <Link href="/subscriptions" className={buttonClasses("secondary", "sm")}>
                Gérer mon abonnement
              </Link>
            ) : null}
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-zinc-600">Aucun abonnement actif</p>
            <Link href="/subscriptions" className={buttonClasses("primary", "sm")}>
              Voir les plans
            </Link>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
