import { z } from "zod";
import { HEALTH_FIXES, HEALTH_STATES, ZHealthFix, ZHealthListQuery, ZMonitoringAlert } from "@/lib/health/schemas";
import type { TOperation } from "./operations";

// The 'Santé des données' operations (lib/health/) and the shapes of their answers.
const iso = z.iso.datetime();
const state = z.enum(HEALTH_STATES);

const RHealthSummary = z.object({
  states: z.array(z.object({ state, label: z.string(), count: z.number().int() })),
  total: z.number().int(),
  freshness: z.object({
    days: z.number().int(),
    on_time: z.number().int().describe("Relevés planifiés faits à l'heure"),
    due: z.number().int().describe("Relevés planifiés dus (faits, en échec, ou en attente passé leur échéance)"),
    percent: z.number().int().nullable(),
    label: z.string().describe("« 97 % des relevés faits à l'heure ces 7 derniers jours »"),
  }),
  shops: z.array(
    z.object({
      shop: z.string().describe("Domaine sans « www. »"),
      urls: z.number().int(),
      checks: z.number().int().describe("Relevés terminés ces 7 derniers jours"),
      success_rate: z.number().int().nullable().describe("% de relevés réussis"),
      median_ms: z
        .number()
        .int()
        .nullable()
        .describe(
          "Durée médiane d'un relevé (ms), des durées arrondies à 2 chiffres significatifs : au plus 10 % sous la médiane exacte",
        ),
      paid_requests: z.number().int().describe("Requêtes payantes du mois"),
      credits: z.number().describe("Crédits du fournisseur ce mois-ci"),
    }),
  ),
});

const RHealthUrls = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      product_id: z.uuid(),
      product_name: z.string(),
      name: z.string(),
      url: z.string(),
      shop: z.string().nullable(),
      state,
      state_label: z.string(),
      last_status: z.string(),
      last_error: z.string().nullable(),
      paused_reason: z.string().nullable(),
      consecutive_failures: z.number().int(),
      tracking_frequency: z.string(),
      last_checked_at: iso.nullable(),
      latest_price: z.string().nullable(),
      latest_currency: z.string().nullable(),
      latest_at: iso.nullable(),
    }),
  ),
  next_cursor: z.string().nullable(),
});

const RHealthFix = z.object({ action: z.enum(HEALTH_FIXES), changed: z.number().int(), message: z.string() });

const RMonitoringAlert = z.object({
  id: z.uuid(),
  kind: z.literal("monitoring_stopped"),
  kind_label: z.string(),
  description: z.string(),
  active: z.boolean(),
  failure_threshold: z.number().int(),
  last_fired_at: iso.nullable(),
});

const STATES =
  "États, dans cet ordre (le premier qui s'applique) : en pause, bloqué (protection anti-robot), introuvable (pas " +
  "de prix, page disparue ou injoignable), prix incertain, règle perdue (votre règle de prix ne trouve plus le " +
  "prix), en retard (aucun relevé depuis une période plus un quart), à jour.";

export const HEALTH_OPERATIONS: TOperation[] = [
  {
    method: "get",
    path: "/api/data-health",
    tag: "Santé des données",
    summary: "Santé des données : états, fraîcheur, boutiques",
    description:
      `Nombre d'URLs par état ; ${STATES} Fraîcheur : part des relevés planifiés des 7 derniers jours faits à ` +
      "l'heure, c'est-à-dire au plus tard une période (horaire, quotidienne, hebdomadaire) plus un quart après le " +
      "relevé précédent. Par boutique : taux de réussite et durée médiane sur 7 jours, crédits du mois.",
    ok: { schema: RHealthSummary, description: "États, fraîcheur et boutiques" },
  },
  {
    method: "get",
    path: "/api/data-health/urls",
    tag: "Santé des données",
    summary: "URLs du catalogue avec leur état",
    description:
      "Pagination par curseur (next_cursor, à repasser tel quel avec les mêmes filtres) : dans l'ordre des " +
      "identifiants, sauf les états « En retard » et « À jour », dans l'ordre de l'échéance du prochain relevé " +
      `(dernier relevé plus la période : les plus en retard d'abord, puis les prochains à relever). ${STATES}`,
    query: ZHealthListQuery,
    ok: { schema: RHealthUrls, description: "Une page d'URLs" },
    errors: [422],
  },
  {
    method: "post",
    path: "/api/data-health/fixes",
    tag: "Santé des données",
    summary: "Correction groupée (Éditeur)",
    description:
      "Relancer, mettre en pause, reprendre, supprimer des URLs, ou changer la stratégie d'accès de leurs boutiques " +
      "(propriétaire). Tout ou rien : une URL d'un autre espace répond 404 et rien ne change. Une URL en pause " +
      "n'est pas relancée ; une URL mise en pause par la limite de l'abonnement n'est pas reprise.",
    body: ZHealthFix,
    ok: { schema: RHealthFix, description: "Nombre d'URLs (ou de boutiques) modifiées" },
    errors: [403, 404, 422],
  },
  {
    method: "get",
    path: "/api/data-health/alert",
    tag: "Santé des données",
    summary: "Alerte « Surveillance interrompue » de l'espace",
    description:
      "Alerte intégrée, active par défaut : une URL en échec ou bloquée N fois d'affilée (3 par défaut) envoie une " +
      "alerte, une seule fois, jusqu'à ce qu'elle réussisse un relevé puis échoue de nouveau.",
    ok: { schema: RMonitoringAlert, description: "L'alerte" },
  },
  {
    method: "put",
    path: "/api/data-health/alert",
    tag: "Santé des données",
    summary: "Activer, couper ou régler l'alerte « Surveillance interrompue » (Éditeur)",
    body: ZMonitoringAlert,
    ok: { schema: RMonitoringAlert, description: "L'alerte modifiée" },
    errors: [403, 422],
  },
];
