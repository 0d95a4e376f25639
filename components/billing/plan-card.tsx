"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { planFeatures, planPrice } from "./plan-text";
import type { Plan } from "./types";
import { ttcNote } from "@/lib/billing/vat";

type PlanCardProps = {
  plan: Plan;
  authenticated: boolean;
  current: boolean;
  highlighted: boolean;
  /** 'Changer de plan' once a plan (Freemium included) is held, else 'Choisir ce plan'. */
  actionLabel: string;
  busy: boolean;
  disabled: boolean;
  /** Shown instead of the action when this plan cannot be bought here. */
  unavailable?: string | null;
  onChoose: () => void;
  /** The embedded card form, offered under the main action when Stripe Elements can load. */
  onPayByCard?: () => void;
};

function Check() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0 text-brand-600">
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function PlanCard(props: PlanCardProps) {
  const { plan, authenticated, current, highlighted, actionLabel, busy, disabled, unavailable, onChoose, onPayByCard } =
    props;
  const price = planPrice(plan);
  return (
    <article
      aria-labelledby={`plan-${plan.id}-name`}
      data-plan={plan.code ?? plan.id}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-white p-6 shadow-xs transition-shadow",
        highlighted ? "border-brand-500 ring-2 ring-brand-500/30 shadow-md" : "border-zinc-200",
        current && "border-green-300",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`plan-${plan.id}-name`} className="text-lg font-semibold text-zinc-900">
          {plan.name}
        </h2>
        <div className="flex flex-wrap justify-end gap-1.5">
          {current ? <Badge tone="success">Plan actuel</Badge> : null}
          {highlighted && !current ? <Badge tone="brand">Plan sélectionné</Badge> : null}
        </div>
      </div>
      {plan.description ? <p className="mt-2 text-sm text-zinc-600">{plan.description}</p> : null}
      <p className="mt-5 flex items-baseline gap-1.5">
        <span className="num text-4xl font-semibold tracking-tight text-zinc-900">{price.amount}</span>{" "}
        <span className="text-sm text-zinc-500">{price.suffix}</span>
      </p>
      {ttcNote(plan.limits.price_ht) ? (
        <p className="num mt-1 text-xs text-zinc-500">{ttcNote(plan.limits.price_ht)}</p>
      ) : null}
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-zinc-700">
        {planFeatures(plan).map((f) => (
          <li key={f} className="flex gap-2">
            <Check />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6 space-y-2">
        {!authenticated ? (
          <Link href="/login?redirect=/subscriptions" className={buttonClasses("secondary", "md", "w-full")}>
            Se connecter pour s&apos;abonner
          </Link>
        ) : unavailable ? (
          <p className="rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-600">{unavailable}</p>
        ) : (
          <Button
            className="w-full"
            variant={current ? "secondary" : highlighted ? "primary" : "secondary"}
            disabled={disabled || current}
            loading={busy}
            onClick={onChoose}
          >
            {current ? "Plan actuel" : actionLabel}
          </Button>
        )}
        {authenticated && onPayByCard && !current && !unavailable ? (
          <button
            type="button"
            onClick={onPayByCard}
            disabled={disabled}
            className="w-full rounded-md py-1 text-center text-xs font-medium text-brand-700 hover:underline disabled:opacity-50"
          >
            Payer par carte sans quitter la page
          </button>
        ) : null}
      </div>
    </article>
  );
}
