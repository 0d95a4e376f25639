"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/client/api-client";
import { useReportPreferences } from "@/client/hooks/use-report-preferences";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import type { TReportFrequency } from "@/lib/reports/schemas";

const SAVE_ERROR = "Erreur lors de l'enregistrement des préférences du rapport";

const CHOICES: [TReportFrequency, string][] = [
  ["off", "Aucun rapport"],
  ["weekly", "Chaque semaine (à 7 h)"],
  ["daily", "Chaque jour (à 7 h)"],
];

/** Dashboard card: the scheduled report e-mail (off, weekly or daily), on plans with alerts. */
export function ReportPreferencesCard() {
  const { data, error, isLoading, mutate } = useReportPreferences();
  const [selected, setSelected] = useState<TReportFrequency | null>(null);
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const current = selected ?? data?.frequency ?? "off";

  async function save() {
    setSaving(true);
    setBanner(null);
    try {
      const res = await apiFetch<{ frequency: TReportFrequency; can_subscribe: boolean; message: string }>(
        "/api/users/me/report-preferences",
        { method: "PUT", body: { frequency: current }, fallback: SAVE_ERROR },
      );
      void mutate({ frequency: res.frequency, can_subscribe: res.can_subscribe }, { revalidate: false });
      setSelected(null);
      setBanner({ tone: "success", text: res.message });
    } catch (err) {
      setBanner({ tone: "error", text: errorMessage(err, SAVE_ERROR) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card id="rapports">
      <CardHeader
        title="Rapport par email"
        description="Les chiffres clés de votre marché, les plus fortes variations et les signalements, avec le tableau Excel joint."
      />
      <CardBody className="space-y-4">
        {isLoading && !data ? (
          <div role="status" aria-label="Chargement des préférences du rapport">
            <Skeleton className="h-10 w-full" />
          </div>
        ) : error && !data ? (
          <Alert tone="error">{error.message}</Alert>
        ) : data ? (
          <>
            {!data.can_subscribe && data.frequency === "off" ? (
              <Alert tone="info">
                Le rapport par email est réservé aux abonnements avec alertes.{" "}
                <Link href="/subscriptions" className="font-medium underline">
                  Voir les abonnements
                </Link>
              </Alert>
            ) : (
              <div className="flex flex-wrap items-end gap-3">
                <Field label="Fréquence" className="min-w-56 flex-1">
                  <Select value={current} onChange={(e) => setSelected(e.target.value as TReportFrequency)}>
                    {CHOICES.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Button onClick={() => void save()} loading={saving} disabled={current === data.frequency}>
                  {saving ? "Enregistrement..." : "Enregistrer"}
                </Button>
              </div>
            )}
            {banner ? (
              <Alert tone={banner.tone} onDismiss={() => setBanner(null)}>
                {banner.text}
              </Alert>
            ) : null}
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
