"use client";

import { cn } from "@/lib/cn";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { LoadingBlock } from "@/components/ui/spinner";
import { ApiClientError, apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { planPriceLabel } from "./plan-text";
import type { Plan } from "./types";

type CreateSubscriptionAnswer = { status?: string; client_secret?: string | null; subscription_id?: string };

// loadStripe must run once per key and page: the script is injected a single time.
const loaders = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string) {
  let p = loaders.get(key);
  if (!p) {
    p = loadStripe(key, { locale: "fr" });
    loaders.set(key, p);
  }
  return p;
}

function CardForm({ plan, onSuccess, onBusy }: { plan: Plan; onSuccess: () => void; onBusy: (busy: boolean) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const { busy, error: cardError, fail, clear, run } = useAction();

  async function pay(stripe: Stripe, card: StripeCardElement) {
    const { error, paymentMethod } = await stripe.createPaymentMethod({ type: "card", card });
    if (error) throw new ApiClientError(error.message ?? "Payment failed", 0);
    if (!paymentMethod) throw new ApiClientError("No payment method returned", 0);
    const res = await apiFetch<CreateSubscriptionAnswer>("/api/payments/create-subscription", {
      method: "POST",
      body: { payment_method_id: paymentMethod.id, price_id: plan.stripe_price_id ?? null, plan_id: plan.id },
      fallback: "Une erreur est survenue lors du paiement",
    });
    if (res?.status === "requires_action" && res.client_secret) {
      const confirmed = await stripe.confirmCardPayment(res.client_secret);
      if (confirmed.error) throw new ApiClientError(confirmed.error.message ?? "Payment failed", 0);
    } else if (res?.status !== "active" && res?.status !== "trialing") {
      throw new ApiClientError("Payment failed", 0);
    }
    if (res.subscription_id) {
      // converge our side now rather than waiting for the webhook
      await apiFetch(`/api/payments/checkout-sessions/${encodeURIComponent(res.subscription_id)}/sync`, {
        method: "POST",
      }).catch(() => undefined);
    }
    return true;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return fail("Failed to initialize Stripe");
    onBusy(true);
    const paid = await run("pay", () => pay(stripe, card), { error: "Payment failed" });
    onBusy(false);
    if (paid) onSuccess();
  }

  return (
    <form method="post" onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <label className="mb-1.5 block text-sm font-medium text-zinc-800">Carte bancaire</label>
        <div
          className={cn(
            "rounded-lg border border-zinc-300 bg-white px-3 py-3 shadow-xs focus-within:border-brand-500",
            "focus-within:ring-2 focus-within:ring-brand-500/20",
          )}
        >
          <CardElement
            options={{ hidePostalCode: true, style: { base: { fontSize: "15px", color: "#18181b" } } }}
            onChange={clear}
          />
        </div>
        {cardError ? (
          <p role="alert" className="mt-1.5 text-sm text-red-600">
            {cardError}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-zinc-600">
        {plan.name} · <span className="num">{planPriceLabel(plan)}</span>, sans engagement, résiliable à tout moment.
      </p>
      <Button type="submit" className="w-full" loading={busy !== null} disabled={!stripe}>
        {busy ? "Traitement en cours..." : "S'abonner"}
      </Button>
    </form>
  );
}

/** 'Paiement pour {plan}': the embedded Stripe card form (create-subscription path, 3-D Secure confirmed). */
export function CardPaymentDialog(props: {
  plan: Plan | null;
  publishableKey: string;
  onClose: () => void;
  onSuccess: () => void;
}) {
  const { plan, publishableKey, onClose, onSuccess } = props;
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!plan) return;
    let live = true;
    stripeFor(publishableKey)
      .then((s) => {
        if (!live) return;
        if (s) setStripe(s);
        else setLoadError("Failed to initialize Stripe");
      })
      .catch(() => live && setLoadError("Failed to load Stripe"));
    return () => {
      live = false;
    };
  }, [plan, publishableKey]);

  return (
    <Dialog open={plan !== null} onClose={onClose} dismissible={!busy} title={plan ? `Paiement pour ${plan.name}` : ""}>
      {loadError ? (
        <Alert tone="error">{loadError}</Alert>
      ) : !stripe || !plan ? (
        <LoadingBlock label="Chargement du formulaire de paiement..." />
      ) : (
        <Elements stripe={stripe} options={{ locale: "fr" }}>
          <CardForm plan={plan} onSuccess={onSuccess} onBusy={setBusy} />
        </Elements>
      )}
    </Dialog>
  );
}
