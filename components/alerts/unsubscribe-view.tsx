"use client";

import { useSearchParams } from "next/navigation";
import { useUnsubscribeLink } from "@/client/hooks/use-unsubscribe-link";
import { INVALID_LINK, UnsubscribeConfirm } from "@/components/unsubscribe/unsubscribe-confirm";
import { Alert } from "@/components/ui/alert";
import { LoadingBlock } from "@/components/ui/spinner";

/** Shows what the signed link's token names, then confirms and performs its unsubscribe. */
export function UnsubscribeView() {
  const token = useSearchParams().get("token") ?? "";
  const info = useUnsubscribeLink(token);
  const data = info.data;

  if (!token) return <Alert tone="error">{INVALID_LINK}</Alert>;
  if (info.isLoading && !data) return <LoadingBlock />;
  if (info.error || !data) return <Alert tone="error">{info.error?.message ?? INVALID_LINK}</Alert>;
  if (!data.active)
    return (
      <Alert tone="info">
        {data.scope === "rule" ? "Cette alerte est déjà désactivée." : "Vous ne recevez plus aucune alerte par email."}
      </Alert>
    );
  return (
    <UnsubscribeConfirm path={`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`}>
      {data.scope === "rule" ? (
        <>
          Désactiver l&apos;alerte <strong className="text-zinc-900">« {data.rule_description} »</strong>
          {data.product_name ? (
            <>
              {" "}
              sur <strong className="text-zinc-900">{data.product_name}</strong>
            </>
          ) : null}{" "}
          ? Vous ne recevrez plus d&apos;email pour elle.
        </>
      ) : (
        <>
          Désactiver vos {data.active_rules > 1 ? `${data.active_rules} alertes` : "alertes"} ? Vous ne recevrez plus
          aucune alerte de prix par email.
        </>
      )}{" "}
      (espace <strong className="text-zinc-900">« {data.workspace_name} »</strong>)
    </UnsubscribeConfirm>
  );
}
