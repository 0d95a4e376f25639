import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Icon } from "./icons";
import type { TPublicPlan } from "./load-plans";
import { planFeatures, planPrice } from "@/components/billing/plan-text";
import { ttcNote } from "@/lib/billing/vat";

/** The plan highlighted as "Recommandé": the first paid plan. */
export function recommendedPlan(plans: TPublicPlan[]): TPublicPlan | undefined {
  return plans.find((p) => p.type !== "freemium");
}

type Props = {
  plans: TPublicPlan[];
  /** The call to action of a card (a link on the home page, the subscribe logic on /pricing). */
  renderAction: (plan: TPublicPlan, recommended: boolean) => ReactNode;
  /** Heading level of the plan names. */
  headingLevel?: "h2" | "h3";
};

export function PlanCards({ plans, renderAction, headingLevel: Heading = "h3" }: Props) {
  const recommended = recommendedPlan(plans);
  if (plans.length === 0) {
    return <p className="mt-10 text-center text-zinc-600">Les offres sont momentanément indisponibles.</p>;
  }
  return (
    <ul className={cn("grid gap-6", plans.length >= 3 ? "lg:grid-cols-3" : "md:grid-cols-2")}>
      {plans.map((plan) => {
        const highlighted = plan === recommended;
        const price = planPrice(plan);
        return (
          <li
            key={plan.code}
            data-plan={plan.code}
            className={cn(
              "relative flex flex-col rounded-2xl bg-white p-6 sm:p-8",
              highlighted ? "shadow-xl ring-2 shadow-brand-900/10 ring-brand-600" : "shadow-xs ring-1 ring-zinc-200",
            )}
          >
            {highlighted ? (
              <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                Recommandé
              </p>
            ) : null}
            <Heading className="text-lg font-semibold text-zinc-900">{plan.name}</Heading>
            <p className="mt-2 text-sm leading-relaxed text-zinc-600 lg:min-h-[4.25rem]">{plan.description}</p>
            <p className="mt-6 flex items-baseline gap-1.5">
              <span className="num text-4xl font-semibold tracking-tight text-zinc-900">{price.amount}</span>{" "}
              <span className="text-sm text-zinc-500">{price.suffix}</span>
            </p>
            {ttcNote(plan.limits.price_ht) ? (
              <p className="num mt-1 text-xs text-zinc-500">{ttcNote(plan.limits.price_ht)}</p>
            ) : null}
            <div className="mt-6">{renderAction(plan, highlighted)}</div>
            <ul className="mt-8 space-y-3 border-t border-zinc-100 pt-6 text-sm text-zinc-700">
              {planFeatures(plan, { frequency: true }).map((line) => (
                <li key={line} className="flex gap-3">
                  <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                  <span>{line}</span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
