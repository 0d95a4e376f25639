"use client";

import Link from "next/link";
import { createContext, useContext, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useSubscription } from "@/client/hooks/use-subscription";
import { useCurrentUser } from "@/client/use-current-user";

type TViewer = { kind: "loading" } | { kind: "anonymous" } | { kind: "signed-in"; currentPlanId: number | null };

const ViewerContext = createContext<TViewer>({ kind: "loading" });

export const LOGIN_TO_SUBSCRIBE_HREF = `/login?redirect=${encodeURIComponent("/subscriptions")}`;

/** Loads the visitor's session and current subscription once for every plan card below it. */
export function PlanViewerProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const subscription = useSubscription(user !== null);

  let viewer: TViewer;
  if (!user) viewer = { kind: "anonymous" };
  else if (subscription.data === undefined && !subscription.error) viewer = { kind: "loading" };
  // without the subscription (an error) the cards still offer "Choisir ce plan"
  else viewer = { kind: "signed-in", currentPlanId: subscription.data?.subscription_plan_id ?? null };

  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

/** The subscribe button of a plan card, with the logic of the Subscriptions screen (SPEC.md §2). */
export function PlanAction({
  planId,
  planName,
  primary,
}: {
  planId: number | null;
  planName: string;
  primary: boolean;
}) {
  const viewer = useContext(ViewerContext);
  const variant = primary ? "primary" : "secondary";
  const full = buttonClasses(variant, "md", "w-full");

  if (viewer.kind === "loading") {
    return (
      <div role="status" aria-label={`Chargement de l'offre ${planName}`}>
        <Skeleton className="h-10 w-full rounded-lg" />
      </div>
    );
  }
  if (viewer.kind === "anonymous") {
    return (
      <Link href={LOGIN_TO_SUBSCRIBE_HREF} className={full}>
        Se connecter pour s&apos;abonner
      </Link>
    );
  }
  if (planId !== null && viewer.currentPlanId === planId) {
    return (
      <div className="flex h-10 items-center justify-between gap-3 rounded-lg bg-brand-50/60 px-3 ring-1 ring-brand-100">
        <Badge tone="brand">Plan actuel</Badge>
        <Link href="/subscriptions" className="text-sm font-medium text-brand-700 hover:underline">
          Gérer
        </Link>
      </div>
    );
  }
  const href = planId === null ? "/subscriptions" : `/subscriptions?plan=${planId}`;
  return (
    <Link href={href} className={full}>
      {viewer.currentPlanId !== null ? "Changer de plan" : "Choisir ce plan"}
    </Link>
  );
}
