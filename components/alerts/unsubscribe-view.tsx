"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { useUnsubscribeLink } from "@/client/hooks/use-unsubscribe-link";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingBlock } from "@/components/ui/spinner";

const INVALID = "Lien de désabonnement invalide";
const FAILED = "Le désabonnement a échoué. Veuillez réessayer.";

/** Confirms, then performs, the unsubscribe named by the signed link's token. */
export function UnsubscribeView() {
  const token = useSearchParams().get("token") ?? "";
  const path = token ? `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}` : null;
  const info = useUnsubscribeLink(token);
  const { busy, message, run } = useAction();

  async function confirm() {
    if (!path) return;
    await run("confirm", () => apiFetch<{ message: string }>(path, { method: "POST", fallback: FAILED }), {
      error: FAILED,
      success: (res) => res.message,
    });
  }

  const data = info.data;
  let body;
  if (!token) body = <Alert tone="error">{INVALID}</Alert>;
  else if (info.isLoading && !data) body = <LoadingBlock />;
  else if (info.error || !data) body = <Alert tone="error">{info.error?.message ?? INVALID}</Alert>;
  else if (message?.tone === "success") body = <ActionAlert message={message} />;
  else if (!data.active)
    body = (
      <Alert tone="info">
        {data.scope === "rule" ? "Cette alerte est déjà désactivée." : "Vous ne recevez plus aucune alerte par email."}
      </Alert>
    );
  else
    body = (
      <div className="space-y-4">
        <p className="text-sm text-zinc-600">
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
              Désactiver vos {data.active_rules > 1 ? `${data.active_rules} alertes` : "alertes"} ? Vous ne recevrez
              plus aucune alerte de prix par email.
            </>
          )}
        </p>
        <ActionAlert message={message} />
        <Button onClick={() => void confirm()} loading={busy !== null} className="w-full sm:w-auto">
          {busy ? "Désabonnement..." : "Confirmer le désabonnement"}
        </Button>
      </div>
    );

  return (
    <Card>
      <CardBody className="space-y-5">
        <div>
          <h1 className="text-xl font-semibold text-zinc-900">Désabonnement des alertes</h1>
          <p className="mt-1 text-sm text-zinc-500">Gérez les emails d&apos;alerte de prix VeillePrix.</p>
        </div>
        {body}
        <p className="text-sm text-zinc-500">
          Vous pourrez réactiver vos alertes depuis vos produits.{" "}
          <Link href="/dashboard#alertes" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Mes préférences d&apos;alerte
          </Link>
        </p>
      </CardBody>
    </Card>
  );
}
