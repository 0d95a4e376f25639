"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/client/api-client";
import { useWorkspaceRole } from "@/client/use-current-user";
import { useAction } from "@/client/hooks/use-action";
import { useAlertChannels } from "@/client/hooks/use-alert-channels";
import { useAlertEvents } from "@/client/hooks/use-alert-events";
import { useAlertRules } from "@/client/hooks/use-alert-rules";
import { useProductUrls } from "@/client/hooks/use-product-urls";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ConfirmDialog } from "@/components/products/confirm-dialog";
import { AlertEventsList } from "./alert-events-list";
import { AlertRuleForm } from "./alert-rule-form";
import type { TAlertRule, TUrlOption } from "./types";

const TEST_ERROR = "Erreur lors de l'envoi de l'alerte de test";

const channelsLabel = (n: number) => (n === 0 ? "Email" : `Email et ${n} ${n > 1 ? "canaux" : "canal"}`);

type Props = {
  productId: string;
  /** the product's URLs (for rules on a single URL); fetched when not given */
  urls?: TUrlOption[];
};

const COOLDOWN_TEXT: Record<number, string> = {
  0: "sans délai entre deux alertes",
  15: "au plus une alerte toutes les 15 minutes",
  60: "au plus une alerte par heure",
  360: "au plus une alerte toutes les 6 heures",
  1440: "au plus une alerte par jour",
};

function cooldownLabel(minutes: number) {
  return COOLDOWN_TEXT[minutes] ?? `au plus une alerte toutes les ${minutes} minutes`;
}

/** E-mail alerts of one product, for the product detail modal: rules, test e-mail and alert history. */
export function AlertRulesPanel({ productId, urls: givenUrls }: Props) {
  const rules = useAlertRules(productId);
  const events = useAlertEvents(productId);
  // loaded with the panel, so that the form opens with its channel checkboxes already there
  useAlertChannels();
  const fetchedUrls = useProductUrls(productId, !givenUrls);
  const urls = givenUrls ?? (Array.isArray(fetchedUrls.data) ? fetchedUrls.data : []);
  const [adding, setAdding] = useState(false);
  const { busy, message, succeed, clear, run } = useAction();
  const [confirmRule, setConfirmRule] = useState<TAlertRule | null>(null);

  const data = rules.data;
  const { canEdit } = useWorkspaceRole();
  const allowed = data?.has_email_alerts ?? false;

  const toggle = (rule: TAlertRule) =>
    run(
      `toggle:${rule.id}`,
      async () => {
        await apiFetch(`/api/products/${productId}/alerts/${rule.id}`, {
          method: "PATCH",
          body: { active: !rule.active },
          fallback: "Erreur lors de la mise à jour de l'alerte",
        });
        void rules.mutate();
      },
      {
        error: "Erreur lors de la mise à jour de l'alerte",
        success: rule.active ? "Alerte mise en pause" : "Alerte réactivée",
      },
    );

  const remove = (rule: TAlertRule) => {
    setConfirmRule(null);
    void run(
      `delete:${rule.id}`,
      async () => {
        await apiFetch(`/api/products/${productId}/alerts/${rule.id}`, {
          method: "DELETE",
          fallback: "Erreur lors de la suppression de l'alerte",
        });
        void rules.mutate();
        void events.mutate();
      },
      { error: "Erreur lors de la suppression de l'alerte", success: "Alerte supprimée" },
    );
  };

  const sendTest = () =>
    run(
      "test",
      async () => {
        const res = await apiFetch<{ message: string }>("/api/alerts/test", {
          method: "POST",
          body: { product_id: productId },
          fallback: TEST_ERROR,
        });
        void events.mutate();
        return res;
      },
      { error: TEST_ERROR, success: (res) => res.message },
    );

  return (
    <section aria-labelledby={`alerts-${productId}`} className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`alerts-${productId}`} className="text-base font-semibold text-zinc-900">
            Alertes email
          </h3>
          <p className="mt-0.5 text-sm text-zinc-500">
            Soyez prévenu des changements de prix, des sorties de fourchette et des ruptures de stock.
          </p>
        </div>
        {allowed && canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={sendTest}
              loading={busy === "test"}
              disabled={!data?.rules.length || busy !== null}
            >
              {busy === "test" ? "Envoi..." : "Envoyer une alerte de test"}
            </Button>
            {!adding ? (
              <Button size="sm" onClick={() => setAdding(true)} disabled={busy !== null}>
                Ajouter une alerte
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <ActionAlert message={message} onDismiss={clear} />

      {rules.isLoading && !data ? (
        <div role="status" aria-label="Chargement des alertes" className="space-y-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : rules.error && !data ? (
        <Alert tone="error">{rules.error.message}</Alert>
      ) : data ? (
        <>
          {!allowed ? (
            <Alert tone="info" title="Les alertes par email ne sont pas incluses dans votre abonnement">
              <p>
                Passez à un abonnement supérieur pour être alerté par email des variations de prix de vos concurrents.
              </p>
              <Link href="/subscriptions" className={buttonClasses("primary", "sm", "mt-3")}>
                Voir les abonnements
              </Link>
            </Alert>
          ) : null}

          {adding && allowed ? (
            <AlertRuleForm
              productId={productId}
              urls={urls}
              referencePrice={data.reference_price}
              minAdvertisedPrice={data.min_advertised_price}
              onCancel={() => setAdding(false)}
              onCreated={(rule) => {
                setAdding(false);
                succeed("Alerte créée");
                // listed at once from the POST's answer, whatever a GET still in flight says; then read again
                void rules.mutate(
                  (current) =>
                    current && !current.rules.some((r) => r.id === rule.id)
                      ? { ...current, rules: [...current.rules, rule] }
                      : current,
                  { revalidate: true },
                );
              }}
            />
          ) : null}

          {data.rules.length === 0 ? (
            allowed && canEdit && !adding ? (
              <div className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center">
                <p className="text-sm text-zinc-600">Aucune alerte sur ce produit</p>
                <Button size="sm" variant="secondary" className="mt-3" onClick={() => setAdding(true)}>
                  Créer ma première alerte
                </Button>
              </div>
            ) : null
          ) : (
            <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
              {data.rules.map((rule) => (
                <li key={rule.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900">
                      {rule.description}
                      {rule.active ? <Badge tone="success">Active</Badge> : <Badge>En pause</Badge>}
                    </p>
                    <p className="mt-0.5 text-xs text-zinc-500">
                      {rule.url_name ?? "Toutes les URLs"} · {cooldownLabel(rule.cooldown_minutes)} ·{" "}
                      {channelsLabel(rule.channel_ids.length)}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2" hidden={!canEdit}>
                    {allowed || rule.active ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => void toggle(rule)}
                        loading={busy === `toggle:${rule.id}`}
                        disabled={busy !== null}
                      >
                        {rule.active ? "Mettre en pause" : "Réactiver"}
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      onClick={() => setConfirmRule(rule)}
                      loading={busy === `delete:${rule.id}`}
                      disabled={busy !== null}
                      aria-label={`Supprimer l'alerte ${rule.description}`}
                    >
                      Supprimer
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}

      <div className="space-y-2">
        <h4 className="text-sm font-semibold text-zinc-900">Alertes envoyées</h4>
        {events.isLoading && !events.data ? (
          <div role="status" aria-label="Chargement de l'historique des alertes">
            <Skeleton className="h-16 w-full" />
          </div>
        ) : events.error && !events.data ? (
          <Alert tone="error">{events.error.message}</Alert>
        ) : (
          <AlertEventsList events={events.data ?? []} />
        )}
      </div>

      <ConfirmDialog
        open={confirmRule !== null}
        title="Supprimer cette alerte ?"
        confirmLabel="Supprimer l'alerte"
        busyLabel="Suppression..."
        busy={false}
        onConfirm={() => confirmRule && remove(confirmRule)}
        onCancel={() => setConfirmRule(null)}
      >
        <p>
          L&apos;alerte <strong className="font-semibold text-zinc-900">{confirmRule?.description}</strong> sera
          supprimée, avec son historique.
        </p>
      </ConfirmDialog>
    </section>
  );
}
