"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { planFeatures, planPriceLabel } from "./plan-text";
import type { Plan } from "./types";
import { ttcNote } from "@/lib/billing/vat";

type Props = {
  sessionId: string;
  state: "open" | "confirmed" | "expired" | "not_found" | "disabled";
  plan: Plan | null;
};

const PAYMENT_ERROR = "Une erreur est survenue lors du paiement";

const MESSAGES: Record<Exclude<Props["state"], "open" | "confirmed">, string> = {
  expired: "Cette session de paiement a expiré. Veuillez choisir à nouveau votre plan.",
  not_found: "Session de paiement introuvable",
  disabled: "Le mode démonstration est désactivé.",
};

/** The demo checkout, clearly labelled: activates the plan without any real payment, then the success page. */
export function DemoCheckoutView({ sessionId, state, plan }: Props) {
  const router = useRouter();
  const { busy, message, clear, run } = useAction();
  const successPath = `/payment-success?session_id=${encodeURIComponent(sessionId)}`;

  async function pay() {
    await run(
      "pay",
      async () => {
        await apiFetch(`/api/payments/demo-checkout/${encodeURIComponent(sessionId)}/confirm`, {
          method: "POST",
          fallback: PAYMENT_ERROR,
        });
        router.push(successPath);
      },
      { error: PAYMENT_ERROR, navigates: true },
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-amber-200 bg-white shadow-sm">
        <div className="flex items-center justify-between gap-3 rounded-t-2xl border-b border-amber-200 bg-amber-50 px-5 py-3 sm:px-6">
          <p className="text-sm font-semibold text-amber-900">Mode démonstration</p>
          <Badge tone="warning">Aucun paiement réel</Badge>
        </div>
        <div className="px-5 py-6 sm:px-6">
          <h1 className="text-xl font-semibold text-zinc-900">Paiement sécurisé (simulation)</h1>
          {state === "open" || state === "confirmed" ? (
            plan ? (
              <>
                <div className="mt-5 rounded-xl border border-zinc-200 p-4">
                  <div className="flex items-baseline justify-between gap-3">
                    <p className="font-medium text-zinc-900">Plan {plan.name}</p>
                    <p className="num font-semibold text-zinc-900">{planPriceLabel(plan)}</p>
                  </div>
                  {ttcNote(plan.limits.price_ht) ? (
                    <p className="num mt-1 text-right text-sm text-zinc-600">{ttcNote(plan.limits.price_ht)}</p>
                  ) : null}
                  <ul className="mt-3 space-y-1 text-sm text-zinc-600">
                    {planFeatures(plan).map((f) => (
                      <li key={f}>· {f}</li>
                    ))}
                  </ul>
                </div>
                <p className="mt-5 text-sm text-zinc-600">
                  Aucune clé Stripe n&apos;est configurée sur ce serveur : en confirmant, le plan est activé pour un
                  mois et une facture de démonstration est enregistrée. Aucune carte n&apos;est débitée.
                </p>
                <ActionAlert message={message} onDismiss={clear} className="mt-4" />
                <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Link href="/subscriptions" className={buttonClasses("secondary")}>
                    Annuler
                  </Link>
                  {state === "confirmed" ? (
                    <Link href={successPath} className={buttonClasses("primary")}>
                      Continuer
                    </Link>
                  ) : (
                    <Button onClick={pay} loading={busy !== null}>
                      {busy ? "Traitement en cours..." : "Confirmer le paiement de démonstration"}
                    </Button>
                  )}
                </div>
              </>
            ) : null
          ) : (
            <>
              <Alert tone="error" className="mt-5">
                {MESSAGES[state]}
              </Alert>
              <Link href="/subscriptions" className={buttonClasses("secondary", "md", "mt-6")}>
                Retour aux abonnements
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
