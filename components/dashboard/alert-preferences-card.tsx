"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { useAlertPreferences } from "@/client/hooks/use-alert-preferences";
import type { TAlertMode } from "@/lib/alerts/schemas";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";

type TPrefs = { alert_mode: TAlertMode; has_email_alerts: boolean };

const SAVE_ERROR = "Erreur lors de l'enregistrement des préférences d'alerte";

const CHOICES: { value: TAlertMode; title: string; text: string }[] = [
  { value: "instant", title: "Alertes immédiates", text: "Un email dès qu'une alerte se déclenche." },
  { value: "digest", title: "Résumé quotidien", text: "Un seul email par jour (à 8 h) avec toutes les alertes." },
];

/** Dashboard card: instant alert e-mails or one daily digest. */
export function AlertPreferencesCard() {
  const { data, error, isLoading: loading, mutate } = useAlertPreferences();
  const [selected, setSelected] = useState<TAlertMode | null>(null);
  const { busy, message, clear, run } = useAction();
  const saving = busy !== null;
  const current = selected ?? data?.alert_mode ?? "instant";
  const dirty = data !== undefined && current !== data.alert_mode;

  async function save() {
    const res = await run(
      "save",
      () =>
        apiFetch<TPrefs & { message: string }>("/api/users/me/alert-preferences", {
          method: "PUT",
          body: { alert_mode: current },
          fallback: SAVE_ERROR,
        }),
      { error: SAVE_ERROR, success: (res) => res.message },
    );
    if (!res) return;
    void mutate({ alert_mode: res.alert_mode, has_email_alerts: res.has_email_alerts }, { revalidate: false });
    setSelected(null);
  }

  return (
    <Card id="alertes">
      <CardHeader title="Alertes email" description="Comment recevoir vos alertes de prix." />
      <CardBody className="space-y-4">
        {loading && !data ? (
          <div role="status" aria-label="Chargement des préférences d'alerte" className="space-y-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : error && !data ? (
          <Alert tone="error">{error.message}</Alert>
        ) : (
          <>
            <ActionAlert message={message} onDismiss={clear} />
            <fieldset className="space-y-2" disabled={saving}>
              <legend className="sr-only">Mode d&apos;envoi des alertes</legend>
              {CHOICES.map((choice) => (
                <label
                  key={choice.value}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors",
                    current === choice.value
                      ? "border-brand-500 bg-brand-50/60"
                      : "border-zinc-200 hover:border-zinc-300",
                  )}
                >
                  <input
                    type="radio"
                    name="alert_mode"
                    value={choice.value}
                    checked={current === choice.value}
                    onChange={() => setSelected(choice.value)}
                    className="mt-1 accent-brand-600"
                  />
                  <span>
                    <span className="block text-sm font-medium text-zinc-900">{choice.title}</span>
                    <span className="block text-xs text-zinc-500">{choice.text}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {data && !data.has_email_alerts ? (
              <p className="text-xs text-zinc-500">
                Les alertes par email ne sont pas incluses dans votre abonnement.{" "}
                <Link href="/subscriptions" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Voir les abonnements
                </Link>
              </p>
            ) : null}
            <Button size="sm" onClick={() => void save()} disabled={!dirty} loading={saving}>
              {saving ? "Enregistrement..." : "Enregistrer"}
            </Button>
          </>
        )}
      </CardBody>
    </Card>
  );
}
