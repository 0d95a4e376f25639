"use client";

import { useState } from "react";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { AlertDialog, AlertDialogCancel } from "@/components/ui/alert-dialog";
import { ApiClientError, apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { formatUnixDate } from "@/lib/format";
import { planPriceLabel } from "./plan-text";
import type { Subscription, TBillingConfig } from "./types";

type Props = {
  subscription: NonNullable<Subscription>;
  config: TBillingConfig;
  onChanged: (sub: Subscription) => void;
};

/** The paid subscription held: next billing date, cancel at period end / resume, Stripe customer portal. */
export function ManageSubscription({ subscription: sub, config, onChanged }: Props) {
  const [confirming, setConfirming] = useState(false);
  const { busy, message, error, clear, run } = useAction<"cancel" | "resume" | "portal">();
  const subId = sub.stripe_subscription_id ?? sub.id;
  const end = formatUnixDate(sub.current_period_end);
  // a scheduled change of plan at period end: to Freemium (cancellation) or to a cheaper paid plan
  const nextPlan = sub.cancel_at_period_end ? "Freemium" : (sub.pending_plan?.name ?? null);

  async function change(action: "cancel" | "resume") {
    const next = await run(
      action,
      () =>
        apiFetch<Subscription>(`/api/payments/subscriptions/${encodeURIComponent(subId)}/${action}`, {
          method: "POST",
          fallback: "Erreur lors de l'abonnement",
        }),
      {
        error: "Erreur lors de l'abonnement",
        success:
          action === "cancel"
            ? `Passage au plan Freemium le ${end} : votre plan reste actif jusque-là.`
            : `Votre plan ${sub.plan.name} continue : le changement de plan est annulé.`,
      },
    );
    if (next === undefined) return;
    setConfirming(false);
    onChanged(next);
  }

  async function openPortal() {
    await run(
      "portal",
      async () => {
        const res = await apiFetch<{ url?: unknown }>("/api/payments/customer-portal", { method: "POST" });
        if (typeof res?.url !== "string") throw new ApiClientError("Invalid response from server", 0);
        window.location.assign(res.url);
      },
      { error: "Une erreur est survenue", navigates: true },
    );
  }

  return (
    <section
      aria-labelledby="my-subscription"
      className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="my-subscription" className="text-base font-semibold text-zinc-900">
            Mon abonnement : {sub.plan.name}
          </h2>
          <p className="num mt-1 text-sm text-zinc-600">
            {planPriceLabel(sub.plan)}
            {sub.current_period_end
              ? nextPlan
                ? ` · passage au plan ${nextPlan} le ${end}`
                : ` · prochaine facturation le ${end}`
              : null}
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {sub.status === "past_due" ? (
              <Badge tone="danger">Paiement en retard</Badge>
            ) : (
              <Badge tone="success">Abonnement actif</Badge>
            )}
            {nextPlan ? (
              <Badge tone="warning">
                Passage au plan {nextPlan} le {end}
              </Badge>
            ) : null}
            {sub.provider === "demo" ? <Badge tone="neutral">Mode démonstration</Badge> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {config.mode === "stripe" && sub.provider === "stripe" ? (
            <Button
              variant="secondary"
              size="sm"
              loading={busy === "portal"}
              disabled={busy !== null}
              onClick={openPortal}
            >
              Gérer la facturation
            </Button>
          ) : null}
          {nextPlan ? (
            <Button size="sm" loading={busy === "resume"} disabled={busy !== null} onClick={() => change("resume")}>
              Annuler le passage au plan {nextPlan}
            </Button>
          ) : (
            <Button variant="ghost" size="sm" disabled={busy !== null} onClick={() => setConfirming(true)}>
              Résilier l&apos;abonnement
            </Button>
          )}
        </div>
      </div>
      {!confirming ? <ActionAlert message={message} onDismiss={clear} className="mt-4" /> : null}

      <AlertDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        dismissible={busy === null}
        title="Résilier l'abonnement ?"
        footer={
          <>
            <AlertDialogCancel asChild>
              <Button variant="secondary" disabled={busy !== null}>
                Annuler
              </Button>
            </AlertDialogCancel>
            <Button variant="danger" loading={busy === "cancel"} onClick={() => change("cancel")}>
              Résilier en fin de période
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm text-zinc-700">
          <p>
            Votre plan {sub.plan.name} reste actif jusqu&apos;au <span className="num font-medium">{end}</span>, puis
            vous passerez au plan Freemium.
          </p>
          <p>
            Aucune donnée n&apos;est supprimée : les produits et URLs au-delà des limites du plan Freemium sont
            conservés en lecture seule et leur suivi est mis en pause.
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
        </div>
      </AlertDialog>
    </section>
  );
}
