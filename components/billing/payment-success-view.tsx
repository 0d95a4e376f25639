"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { mutate } from "swr";
import { ApiClientError, apiFetch } from "@/client/api-client";
import { SUBSCRIPTION_KEY } from "@/client/hooks/use-subscription";
import type { Subscription } from "./types";

const WAIT_MS = 2000;
const REDIRECT_MS = 3000;
const FAILURE = "Une erreur est survenue lors de la finalisation de votre abonnement";

type State =
  | { phase: "missing" }
  | { phase: "processing" }
  | { phase: "success"; plan: string | null }
  | { phase: "error" };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SPEC.md §2 Payment success: waits 2 s, converges and reloads the subscription, then the dashboard after 3 s. */
export function PaymentSuccessView() {
  const router = useRouter();
  const sessionId = useSearchParams().get("session_id")?.trim() || null;
  const [state, setState] = useState<State>(sessionId ? { phase: "processing" } : { phase: "missing" });
  const started = useRef(false);

  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    (async () => {
      await sleep(WAIT_MS);
      const path = `/api/payments/checkout-sessions/${encodeURIComponent(sessionId)}/sync`;
      // the hosted page may return before Stripe marks the session complete: a few short retries
      for (let attempt = 0; ; attempt++) {
        try {
          await apiFetch(path, { method: "POST", fallback: FAILURE });
          break;
        } catch (err) {
          const pending = err instanceof ApiClientError && err.code === "checkout_incomplete";
          if (!pending || attempt >= 3) throw err;
          await sleep(WAIT_MS);
        }
      }
      // fills the shared cache: the dashboard shows the new plan at once
      const sub = await mutate(
        SUBSCRIPTION_KEY,
        apiFetch<Subscription>(SUBSCRIPTION_KEY, { fallback: "Erreur lors de la mise à jour de votre abonnement" }),
      );
      setState({ phase: "success", plan: sub?.plan?.name ?? null });
    })().catch(() => setState({ phase: "error" }));
  }, [sessionId]);

  useEffect(() => {
    if (state.phase !== "success") return;
    const t = setTimeout(() => router.push("/dashboard"), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [state.phase, router]);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24">
      {state.phase === "missing" ? (
        <>
          <Alert tone="error" className="w-full text-left">
            Session ID manquant
          </Alert>
          <Link href="/subscriptions" className={buttonClasses("secondary", "md", "mt-6")}>
            Retour aux abonnements
          </Link>
        </>
      ) : state.phase === "processing" ? (
        <div role="status" className="flex flex-col items-center gap-4">
          <Spinner size="lg" label={null} className="text-brand-600" />
          <p className="text-lg font-medium text-zinc-800">Finalisation de votre abonnement...</p>
        </div>
      ) : state.phase === "success" ? (
        <div role="status" className="flex flex-col items-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-600">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-8">
              <path
                fillRule="evenodd"
                d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z"
                clipRule="evenodd"
              />
            </svg>
          </span>
          <h1 className="mt-5 text-2xl font-semibold tracking-tight text-zinc-900">Paiement réussi !</h1>
          <p className="mt-2 text-zinc-600">Votre abonnement a été activé avec succès.</p>
          {state.plan ? <p className="mt-1 text-sm text-zinc-500">Plan {state.plan}</p> : null}
          <Button className="mt-8" onClick={() => router.push("/dashboard")}>
            Aller au tableau de bord
          </Button>
          <p className="mt-3 text-xs text-zinc-500">Redirection automatique dans quelques secondes…</p>
        </div>
      ) : (
        <>
          <Alert tone="error" className="w-full text-left">
            {FAILURE}
          </Alert>
          <Link href="/subscriptions" className={buttonClasses("secondary", "md", "mt-6")}>
            Retour aux abonnements
          </Link>
        </>
      )}
    </div>
  );
}
