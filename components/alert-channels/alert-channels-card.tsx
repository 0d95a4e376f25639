"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiClientError, apiFetch, errorMessage } from "@/client/api-client";
import { useWorkspaceRole } from "@/client/use-current-user";
import { type TAlertChannel, useAlertChannels } from "@/client/hooks/use-alert-channels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import {
  ALERT_CHANNEL_KIND_LABELS,
  ALERT_CHANNEL_KINDS,
  type TCreateAlertChannel,
  type TCreateAlertChannelInput,
  ZCreateAlertChannel,
} from "@/lib/alerts/channels/schemas";
import { ChannelRow } from "./channel-row";

const CREATE_ERROR = "Erreur lors de la création du canal";

const URL_HINTS: Record<TCreateAlertChannel["kind"], string> = {
  webhook: "https://exemple.fr/webhooks/veilleprix",
  slack: "https://hooks.slack.com/services/…",
  teams: "https://….webhook.office.com/webhookb2/…",
};

type TCreated = TAlertChannel & { secret?: string; message: string };

/** Dashboard card: webhook, Slack and Teams channels the alert rules can send to, with a test and a delivery log. */
export function AlertChannelsCard() {
  const { data, error, isLoading, mutate } = useAlertChannels();
  const { canEdit } = useWorkspaceRole();
  const [created, setCreated] = useState<TCreated | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TCreateAlertChannelInput, unknown, TCreateAlertChannel>({
    resolver: zodResolver(ZCreateAlertChannel),
    defaultValues: { kind: "webhook", name: "", url: "" },
  });
  const kind = form.watch("kind");

  async function create(values: TCreateAlertChannel) {
    setFormError(null);
    setCreated(null);
    try {
      const res = await apiFetch<TCreated>("/api/alert-channels", {
        method: "POST",
        body: values,
        fallback: CREATE_ERROR,
      });
      setCreated(res);
      form.reset({ kind: values.kind, name: "", url: "" });
      void mutate();
    } catch (err) {
      const fields = err instanceof ApiClientError ? (err.body as { errors?: Record<string, string[]> })?.errors : null;
      if (fields?.url?.[0]) form.setError("url", { message: fields.url[0] });
      else if (fields?.name?.[0]) form.setError("name", { message: fields.name[0] });
      else setFormError(errorMessage(err, CREATE_ERROR));
    }
  }

  return (
    <Card id="canaux">
      <CardHeader
        title="Canaux d'alerte"
        description={
          "Recevez aussi vos alertes sur un webhook, Slack ou Microsoft Teams. Chaque règle d'alerte choisit ses " +
          "canaux ; l'email reste envoyé."
        }
      />
      <CardBody className="space-y-4">
        {isLoading && !data ? (
          <div role="status" aria-label="Chargement des canaux d'alerte" className="space-y-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : error && !data ? (
          <Alert tone="error">{error.message}</Alert>
        ) : data ? (
          <>
            {!canEdit ? null : data.can_create ? (
              <form noValidate onSubmit={form.handleSubmit(create)} className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                <Field label="Type" error={form.formState.errors.kind?.message}>
                  <Select {...form.register("kind")}>
                    {ALERT_CHANNEL_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {ALERT_CHANNEL_KIND_LABELS[k]}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="Nom du canal" error={form.formState.errors.name?.message}>
                  <Input placeholder="ex. Équipe pricing" maxLength={100} {...form.register("name")} />
                </Field>
                <Field
                  label="Adresse (URL)"
                  error={form.formState.errors.url?.message}
                  className="sm:col-span-2"
                  hint={kind === "webhook" ? "Chaque message est signé avec un secret propre à ce canal." : undefined}
                >
                  <Input type="url" inputMode="url" placeholder={URL_HINTS[kind]} {...form.register("url")} />
                </Field>
                {formError ? (
                  <Alert tone="error" className="sm:col-span-2" onDismiss={() => setFormError(null)}>
                    {formError}
                  </Alert>
                ) : null}
                <div className="sm:col-span-2 sm:flex sm:justify-end">
                  <Button type="submit" loading={form.formState.isSubmitting} className="w-full sm:w-auto">
                    {form.formState.isSubmitting ? "Ajout..." : "Ajouter le canal"}
                  </Button>
                </div>
              </form>
            ) : (
              <Alert tone="info">
                Les canaux d&apos;alerte sont réservés aux abonnements avec alertes.{" "}
                <Link href="/subscriptions" className="font-medium underline">
                  Voir les abonnements
                </Link>
              </Alert>
            )}

            {created ? (
              <Alert tone="success" title={created.message} onDismiss={() => setCreated(null)}>
                {created.secret ? (
                  <div className="mt-1 space-y-1">
                    <code
                      className="block max-w-full rounded bg-white px-2 py-1 text-xs break-all text-zinc-900 ring-1 ring-green-200"
                      data-testid="channel-secret"
                    >
                      {created.secret}
                    </code>
                    <p className="text-xs">
                      Vérifiez l&apos;en-tête X-VeillePrix-Signature (HMAC-SHA256 de « horodatage.corps » avec ce
                      secret) et refusez un X-VeillePrix-Timestamp à plus de {data.replay_window_seconds} s de votre
                      horloge.
                    </p>
                  </div>
                ) : null}
              </Alert>
            ) : null}

            {data.channels.length === 0 ? (
              <p className="text-sm text-zinc-500">Aucun canal d&apos;alerte</p>
            ) : (
              <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
                {data.channels.map((c) => (
                  <ChannelRow key={c.id} channel={c} onDeleted={() => void mutate()} />
                ))}
              </ul>
            )}
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
