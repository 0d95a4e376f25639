"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AlertDialog, AlertDialogCancel } from "@/components/ui/alert-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiClientError, apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { usePlans } from "@/client/hooks/use-plans";
import { useCurrentUser, useWorkspaceRole } from "@/client/use-current-user";
import { useSubscription } from "@/client/hooks/use-subscription";
import { formatUnixDate } from "@/lib/format";
import { CardPaymentDialog } from "./card-payment-dialog";
import { ManageSubscription } from "./manage-subscription";
import { PlanCard } from "./plan-card";
import { isFreePlan } from "./plan-text";
import type { CheckoutAnswer, Plan, Subscription, TBillingConfig } from "./types";

const LOAD_ERROR = "Erreur lors du chargement des plans";
const INVALID_FORMAT = "Format de données invalide";
const MISSING_PRICE = "ID de prix Stripe manquant";

function matchesPlan(plan: Plan, wanted: string | null) {
  if (!wanted) return false;
  const w = wanted.trim().toLowerCase();
  return String(plan.id) === w || plan.code === w || plan.name.toLowerCase() === w;
}

const priceOf = (p: Plan) => Number(p.limits?.price_ht ?? p.price ?? 0);

export function SubscriptionsView({ config, initialPlans }: { config: TBillingConfig; initialPlans?: Plan[] }) {
  const authenticated = useCurrentUser().user !== null;
  const { isOwner } = useWorkspaceRole();
  const wanted = useSearchParams().get("plan");
  const plansAnswer = usePlans(initialPlans);
  const subscription = useSubscription(authenticated);
  const sub = subscription.data;
  const setSub = (next: Subscription) => void subscription.mutate(next, { revalidate: false });
  const { busy: busyPlan, message, clear, succeed, run } = useAction<number>();
  const [cardPlan, setCardPlan] = useState<Plan | null>(null);
  const [downgrade, setDowngrade] = useState<Plan | null>(null);

  const plansState = plansAnswer.error
    ? { status: "error" as const, message: LOAD_ERROR }
    : plansAnswer.data === undefined
      ? { status: "loading" as const }
      : Array.isArray(plansAnswer.data)
        ? { status: "ready" as const, plans: plansAnswer.data }
        : { status: "error" as const, message: INVALID_FORMAT };

  const current = sub ?? null;
  const holdsPaidPlan = current !== null && !isFreePlan(current.plan);

  async function goToCheckout(plan: Plan) {
    await run(
      plan.id,
      async () => {
        if (config.mode === "stripe" && !plan.stripe_price_id) throw new ApiClientError(MISSING_PRICE, 0);
        const res = await apiFetch<CheckoutAnswer>("/api/payments/create-checkout-session", {
          method: "POST",
          body: {
            price_id: plan.stripe_price_id ?? null,
            plan_id: plan.id,
            success_url: "/payment-success?session_id={CHECKOUT_SESSION_ID}",
            cancel_url: "/subscriptions",
          },
          fallback: "Error during payment redirection",
        });
        if (typeof res?.url !== "string" || typeof res.session_id !== "string")
          throw new ApiClientError("Invalid response from server", 0);
        window.location.assign(res.url);
      },
      { error: "Une erreur est survenue", navigates: true },
    );
  }

  async function switchToFree(plan: Plan) {
    const res = await run(
      plan.id,
      () =>
        apiFetch<{ status?: string; subscription?: Subscription }>("/api/subscriptions/subscribe", {
          method: "POST",
          body: { plan_id: plan.id },
          fallback: "Erreur lors de l'abonnement",
        }),
      {
        error: "Erreur lors de l'abonnement",
        success: (res) =>
          res?.status === "scheduled" && res.subscription?.current_period_end
            ? `Vous passerez au plan ${plan.name} le ${formatUnixDate(res.subscription.current_period_end)}.`
            : `Vous êtes maintenant sur le plan ${plan.name}.`,
      },
    );
    if (res === undefined) return;
    setDowngrade(null);
    if (res?.subscription !== undefined) setSub(res.subscription);
  }

  function choose(plan: Plan) {
    clear();
    const isDowngrade = current !== null && priceOf(plan) < priceOf(current.plan);
    if (isDowngrade) return setDowngrade(plan);
    if (isFreePlan(plan)) return void switchToFree(plan);
    void goToCheckout(plan);
  }

  function confirmDowngrade() {
    if (!downgrade) return;
    if (isFreePlan(downgrade)) void switchToFree(downgrade);
    else void goToCheckout(downgrade).then(() => setDowngrade(null));
  }

  const plans = plansState.status === "ready" ? plansState.plans : [];
  const canPayByCard = config.mode === "stripe" && Boolean(config.publishable_key);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">Plans d&apos;abonnement</h1>
        <p className="mt-3 text-base text-zinc-600">
          Des formules mensuelles sans engagement, prix hors taxes. Changez de plan à tout moment : vos données sont
          toujours conservées.
        </p>
      </div>

      {config.mode === "demo" ? (
        <Alert tone="warning" className="mx-auto mt-6 max-w-2xl" title="Mode démonstration">
          Aucune clé Stripe n&apos;est configurée : le paiement est simulé et aucune carte n&apos;est débitée.
        </Alert>
      ) : null}

      <div className="mx-auto mt-6 max-w-4xl space-y-4">
        {subscription.error && !message ? <Alert tone="error">{subscription.error.message}</Alert> : null}
        <ActionAlert message={message} onDismiss={clear} />
        {authenticated && holdsPaidPlan && current && isOwner ? (
          <ManageSubscription subscription={current} config={config} onChanged={setSub} />
        ) : null}
      </div>

      {plansState.status === "loading" ? (
        <div role="status" className="mt-10">
          <p className="text-center text-sm text-zinc-500">Chargement des plans...</p>
          <div aria-hidden="true" className="mt-6 grid gap-6 md:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="rounded-2xl border border-zinc-200 bg-white p-6">
                <Skeleton className="h-6 w-32" />
                <Skeleton className="mt-4 h-10 w-40" />
                <Skeleton className="mt-6 h-4 w-full" />
                <Skeleton className="mt-3 h-4 w-5/6" />
                <Skeleton className="mt-3 h-4 w-4/6" />
                <Skeleton className="mt-8 h-10 w-full" />
              </div>
            ))}
          </div>
        </div>
      ) : plansState.status === "error" ? (
        <div className="mx-auto mt-10 max-w-2xl">
          <Alert tone="error">{plansState.message}</Alert>
          <div className="mt-4 text-center">
            <Button variant="secondary" onClick={() => void plansAnswer.mutate()}>
              Réessayer
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {plans.map((plan) => {
            const isCurrent = authenticated && current?.subscription_plan_id === plan.id;
            const paid = !isFreePlan(plan);
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                authenticated={authenticated}
                current={isCurrent}
                highlighted={matchesPlan(plan, wanted) && !isCurrent}
                actionLabel={current ? "Changer de plan" : "Choisir ce plan"}
                busy={busyPlan === plan.id}
                disabled={busyPlan !== null || (authenticated && sub === undefined && !subscription.error)}
                unavailable={
                  authenticated && !isOwner && !isCurrent
                    ? "Seul le propriétaire de l'espace change de plan."
                    : paid && config.mode === "unavailable"
                      ? config.unavailable_message
                      : null
                }
                onChoose={() => choose(plan)}
                onPayByCard={
                  paid && canPayByCard && !holdsPaidPlan && isOwner
                    ? () => {
                        clear();
                        setCardPlan(plan);
                      }
                    : undefined
                }
              />
            );
          })}
        </div>
      )}

      {canPayByCard && config.publishable_key ? (
        <CardPaymentDialog
          plan={cardPlan}
          publishableKey={config.publishable_key}
          onClose={() => setCardPlan(null)}
          onSuccess={() => {
            setCardPlan(null);
            succeed("Votre abonnement a été activé avec succès!");
            void plansAnswer.mutate();
            void subscription.mutate();
          }}
        />
      ) : null}

      <AlertDialog
        open={downgrade !== null}
        onCancel={() => setDowngrade(null)}
        dismissible={busyPlan === null}
        title={downgrade ? `Passer au plan ${downgrade.name} ?` : ""}
        footer={
          <>
            <AlertDialogCancel asChild>
              <Button variant="secondary" disabled={busyPlan !== null}>
                Annuler
              </Button>
            </AlertDialogCancel>
            <Button loading={busyPlan !== null} onClick={confirmDowngrade}>
              Confirmer
            </Button>
          </>
        }
      >
        {downgrade ? (
          <div className="space-y-3 text-sm text-zinc-700">
            {current && !isFreePlan(current.plan) && current.current_period_end ? (
              <p>
                Votre plan {current.plan.name} reste actif jusqu&apos;au{" "}
                <span className="num font-medium">{formatUnixDate(current.current_period_end)}</span>.
              </p>
            ) : null}
            <p>
              Aucune donnée n&apos;est supprimée : les produits et URLs au-delà des limites du plan {downgrade.name} (
              {downgrade.limits.max_products === null
                ? "produits illimités"
                : `${downgrade.limits.max_products} produits max`}
              ,{" "}
              {downgrade.limits.max_urls_per_product === null
                ? "URLs illimitées"
                : `${downgrade.limits.max_urls_per_product} URLs par produit`}
              ) sont conservés en lecture seule et leur suivi est mis en pause. Les plus anciens restent actifs.
            </p>
          </div>
        ) : null}
      </AlertDialog>
    </div>
  );
}
