"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/client/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";

const INVALID = "Lien de désabonnement invalide";
const FAILED = "Le désabonnement a échoué. Veuillez réessayer.";

/** Confirms, then stops, the scheduled report named by the signed link's token. */
export function ReportUnsubscribeView() {
  const token = useSearchParams().get("token") ?? "";
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const res = await apiFetch<{ message: string }>(`/api/reports/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
        fallback: FAILED,
      });
      setDone(res.message);
    } catch (err) {
      setError(errorMessage(err, FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardBody className="space-y-5">
        <div>
          <h1 className="text-xl font-semibold text-zinc-900">Désabonnement du rapport</h1>
          <p className="mt-1 text-sm text-zinc-500">Le rapport programmé de votre marché, envoyé par email.</p>
        </div>
        {!token ? (
          <Alert tone="error">{INVALID}</Alert>
        ) : done ? (
          <Alert tone="success">{done}</Alert>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-zinc-600">Ne plus recevoir le rapport par email ?</p>
            {error ? <Alert tone="error">{error}</Alert> : null}
            <Button onClick={() => void confirm()} loading={busy} className="w-full sm:w-auto">
              {busy ? "Désabonnement..." : "Confirmer le désabonnement"}
            </Button>
          </div>
        )}
        <p className="text-sm text-zinc-500">
          Vous pourrez le réactiver depuis votre tableau de bord.{" "}
          <Link href="/dashboard#rapports" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Mon tableau de bord
          </Link>
        </p>
      </CardBody>
    </Card>
  );
}
