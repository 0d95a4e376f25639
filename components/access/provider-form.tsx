"use client";

import { useState } from "react";
import { apiFetch, errorMessage } from "@/client/api-client";
import { useAccessSettings, type TAccessSettingsView } from "@/client/hooks/use-access-settings";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { FETCH_PROVIDERS } from "@/db/schema/fetch-access";
import { PROVIDER_LABELS } from "./labels";

const SAVE_ERROR = "Erreur lors de l'enregistrement de l'accès aux sites";

/** The provider, its key (write-only), the customer's proxies and the monthly cap; owners edit, others read. */
export function ProviderForm({ data, isOwner }: { data: TAccessSettingsView; isOwner: boolean }) {
  const { mutate } = useAccessSettings();
  const [provider, setProvider] = useState(data.provider ?? "");
  const [key, setKey] = useState("");
  const [zone, setZone] = useState(data.providerZone ?? "");
  const [proxies, setProxies] = useState("");
  const [cap, setCap] = useState(String(data.monthlyCap));
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setBanner(null);
    const list = proxies
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    try {
      const res = await apiFetch<{ message: string; settings: TAccessSettingsView }>("/api/access", {
        method: "PUT",
        fallback: SAVE_ERROR,
        body: {
          provider: provider || null,
          ...(key ? { providerKey: key } : {}),
          providerZone: provider === "brightdata" ? zone : null,
          ...(list.length > 0 ? { proxies: list } : {}),
          monthlyCap: Number(cap.replace(",", ".")),
        },
      });
      void mutate(res.settings, { revalidate: false });
      setKey("");
      setProxies("");
      setBanner({ tone: "success", text: res.message });
    } catch (err) {
      setBanner({ tone: "error", text: errorMessage(err, SAVE_ERROR) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Fournisseur et proxies"
        description="Les clés et identifiants sont chiffrés et ne sont jamais réaffichés."
      />
      <CardBody>
        {isOwner ? null : <ProviderSummary data={data} />}
        <form hidden={!isOwner} onSubmit={(e) => void save(e)} className="space-y-4">
          <fieldset disabled={!isOwner} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="API de scraping">
              <Select value={provider} onChange={(e) => setProvider(e.target.value)}>
                <option value="">Aucune</option>
                {(Object.keys(PROVIDER_LABELS) as (typeof FETCH_PROVIDERS)[number][]).map((p) => (
                  <option key={p} value={p}>
                    {PROVIDER_LABELS[p]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label="Clé du fournisseur"
              hint={data.providerKey ? `Enregistrée : ${data.providerKey}. Laissez vide pour la garder.` : undefined}
            >
              <Input
                type="password"
                autoComplete="off"
                value={key}
                onChange={(e) => setKey(e.target.value)}
                disabled={!provider}
              />
            </Field>
            {provider === "brightdata" ? (
              <Field label="Zone Bright Data">
                <Input value={zone} onChange={(e) => setZone(e.target.value)} />
              </Field>
            ) : null}
            <Field
              label="Plafond mensuel (crédits)"
              hint="Au-delà, les relevés payants s'arrêtent jusqu'au mois suivant."
            >
              <Input inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} />
            </Field>
            <Field
              label="Proxies (un par ligne)"
              className="sm:col-span-2"
              hint={
                data.proxies.length > 0
                  ? `Enregistrés : ${data.proxies.join(", ")}. Laissez vide pour les garder.`
                  : "http://utilisateur:motdepasse@proxy.exemple.fr:8000"
              }
            >
              <Textarea rows={3} value={proxies} onChange={(e) => setProxies(e.target.value)} spellCheck={false} />
            </Field>
          </fieldset>
          {isOwner ? (
            <Button type="submit" loading={saving}>
              {saving ? "Enregistrement..." : "Enregistrer"}
            </Button>
          ) : (
            <p className="text-sm text-zinc-500">Seul le propriétaire de l&apos;espace modifie ces réglages.</p>
          )}
          {banner ? (
            <Alert tone={banner.tone} onDismiss={() => setBanner(null)}>
              {banner.text}
            </Alert>
          ) : null}
        </form>
      </CardBody>
    </Card>
  );
}

/** What a non-owner sees instead of the form: the settings, without a control (only the owner changes them). */
function ProviderSummary({ data }: { data: TAccessSettingsView }) {
  const rows: [string, string][] = [
    ["API de scraping", data.provider ? PROVIDER_LABELS[data.provider as keyof typeof PROVIDER_LABELS] : "Aucune"],
    ["Plafond mensuel (crédits)", String(data.monthlyCap)],
    ["Proxies", data.proxies.length > 0 ? data.proxies.join(", ") : "Aucun"],
  ];
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-500">{label}</dt>
            <dd className="break-words text-zinc-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-zinc-500">Seul le propriétaire de l&apos;espace modifie ces réglages.</p>
    </div>
  );
}
