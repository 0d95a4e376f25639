"use client";

import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { formatEuros } from "@/lib/format";
import {
  ALERT_KINDS,
  ALERT_KIND_LABELS,
  ZCreateAlertRule,
  type TAlertKind,
  type TCreateAlertRule,
} from "@/lib/alerts/schemas";
import { RuleChannelsPicker } from "@/components/alert-channels/rule-channels-picker";
import { useAlertChannels } from "@/client/hooks/use-alert-channels";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { TAlertRule, TUrlOption } from "./types";

type TFormValues = {
  kind: TAlertKind;
  url_id: string;
  threshold_amount: string;
  threshold_percent: string;
  min_price: string;
  max_price: string;
  cooldown_minutes: string;
};

export const COOLDOWN_OPTIONS: [string, string][] = [
  ["0", "Sans délai"],
  ["15", "15 minutes"],
  ["60", "1 heure"],
  ["360", "6 heures"],
  ["1440", "24 heures"],
];

const CREATE_ERROR = "Erreur lors de la création de l'alerte";

type Props = {
  productId: string;
  urls: TUrlOption[];
  referencePrice: string | null;
  minAdvertisedPrice: string | null;
  onCreated: (rule: TAlertRule) => void;
  onCancel: () => void;
};

/** New alert rule: the fields shown follow the kind; validated by the same schema as the API. */
export function AlertRuleForm({ productId, urls, referencePrice, minAdvertisedPrice, onCreated, onCancel }: Props) {
  const [unit, setUnit] = useState<"amount" | "percent">("percent");
  const { message, clear, run } = useAction();
  const [channelIds, setChannelIds] = useState<string[]>([]);
  // a rule is never created before its channel checkboxes could be seen
  const channels = useAlertChannels();
  const channelsKnown = Boolean(channels.data || channels.error);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<TFormValues, unknown, TCreateAlertRule>({
    resolver: zodResolver(ZCreateAlertRule) as unknown as Resolver<TFormValues, unknown, TCreateAlertRule>,
    defaultValues: {
      kind: "drop",
      url_id: "",
      threshold_amount: "",
      threshold_percent: "",
      min_price: "",
      max_price: "",
      cooldown_minutes: "60",
    },
  });
  const kind = watch("kind");

  const onSubmit = handleSubmit(async (values) => {
    const rule = await run(
      "create",
      () =>
        apiFetch<TAlertRule>(`/api/products/${productId}/alerts`, {
          method: "POST",
          body: { ...values, channel_ids: channelIds },
          fallback: CREATE_ERROR,
        }),
      { error: CREATE_ERROR },
    );
    if (rule) onCreated(rule);
  });

  const switchUnit = (next: "amount" | "percent") => {
    setUnit(next);
    setValue(next === "amount" ? "threshold_percent" : "threshold_amount", "");
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-zinc-200 bg-zinc-50/60 p-4">
      <ActionAlert message={message} onDismiss={clear} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type d'alerte" error={errors.kind?.message}>
          <Select {...register("kind")}>
            {ALERT_KINDS.map((k) => (
              <option key={k} value={k}>
                {ALERT_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="URLs surveillées" error={errors.url_id?.message}>
          <Select {...register("url_id")}>
            <option value="">Toutes les URLs du produit</option>
            {urls.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      {kind === "drop" || kind === "rise" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Unité du seuil">
            <Select value={unit} onChange={(e) => switchUnit(e.target.value as "amount" | "percent")}>
              <option value="percent">En pourcentage (%)</option>
              <option value="amount">En euros (€)</option>
            </Select>
          </Field>
          {unit === "percent" ? (
            <Field
              label={kind === "drop" ? "Baisse d'au moins (%)" : "Hausse d'au moins (%)"}
              error={errors.threshold_percent?.message ?? errors.threshold_amount?.message}
            >
              <Input
                inputMode="decimal"
                placeholder="10"
                invalid={!!errors.threshold_percent || !!errors.threshold_amount}
                {...register("threshold_percent")}
              />
            </Field>
          ) : (
            <Field
              label={kind === "drop" ? "Baisse d'au moins (€)" : "Hausse d'au moins (€)"}
              error={errors.threshold_amount?.message}
            >
              <Input
                inputMode="decimal"
                placeholder="5,00"
                invalid={!!errors.threshold_amount}
                {...register("threshold_amount")}
              />
            </Field>
          )}
        </div>
      ) : null}

      {kind === "below" || kind === "out_of_range" || kind === "above" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {kind !== "above" ? (
            <Field label="Prix minimum (€)" error={errors.min_price?.message}>
              <Input inputMode="decimal" placeholder="49,90" invalid={!!errors.min_price} {...register("min_price")} />
            </Field>
          ) : null}
          {kind !== "below" ? (
            <Field label="Prix maximum (€)" error={errors.max_price?.message}>
              <Input inputMode="decimal" placeholder="79,90" invalid={!!errors.max_price} {...register("max_price")} />
            </Field>
          ) : null}
        </div>
      ) : null}

      {kind === "below_reference" ? (
        referencePrice ? (
          <p className="text-sm text-zinc-600">
            Alerte quand un marchand affiche un prix inférieur à votre prix ({formatEuros(referencePrice)}).
          </p>
        ) : (
          <Alert tone="warning">
            Définissez d&apos;abord « mon prix » pour ce produit : sans lui, cette alerte ne se déclenche pas.
          </Alert>
        )
      ) : null}

      {kind === "suspect_promotion" ? (
        <p className="text-sm text-zinc-600">
          Alerte quand un marchand affiche un prix barré supérieur au prix le plus bas que nous avons relevé chez lui
          dans les 30 jours précédant la réduction (directive Omnibus, article L112-1-1 du Code de la consommation).
        </p>
      ) : null}

      {kind === "below_min_advertised" ? (
        minAdvertisedPrice ? (
          <p className="text-sm text-zinc-600">
            Surveillance du prix minimum annoncé : alerte quand un revendeur affiche un prix inférieur à{" "}
            {formatEuros(minAdvertisedPrice)}.
          </p>
        ) : (
          <Alert tone="warning">
            Indiquez d&apos;abord un prix minimum annoncé dans la fiche du produit : sans lui, cette alerte ne se
            déclenche pas.
          </Alert>
        )
      ) : null}

      <Field label="Délai minimum entre deux alertes" error={errors.cooldown_minutes?.message} className="sm:max-w-xs">
        <Select {...register("cooldown_minutes")}>
          {COOLDOWN_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>

      <RuleChannelsPicker value={channelIds} onChange={setChannelIds} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Annuler
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!channelsKnown}>
          {isSubmitting ? "Création..." : "Créer l'alerte"}
        </Button>
      </div>
    </form>
  );
}
