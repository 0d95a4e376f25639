import { z } from "zod";
import { digitsToNumber, zLimit } from "@/lib/core/limit-param";
import { ZChannelIds } from "./channels/schemas";

export * from "./channels/schemas";

// Shared by the forms (zodResolver) and the route handlers; browser-safe (no database import).

// Same values as db/schema/alerts.ts.
export const ALERT_KINDS = [
  "any_change",
  "drop",
  "rise",
  "below",
  "above",
  "out_of_range",
  "back_in_stock",
  "out_of_stock",
  "below_reference",
  "suspect_promotion",
  "below_min_advertised",
] as const;
export type TAlertKind = (typeof ALERT_KINDS)[number];
/** Kinds no member creates: the workspace's built-in 'Surveillance interrompue' (one per workspace, catalogue-wide). */
export const BUILT_IN_ALERT_KINDS = ["monitoring_stopped"] as const;
export type TAnyAlertKind = TAlertKind | (typeof BUILT_IN_ALERT_KINDS)[number];

export const ALERT_KIND_LABELS: Record<TAnyAlertKind, string> = {
  any_change: "Tout changement de prix",
  drop: "Baisse de prix",
  rise: "Hausse de prix",
  below: "Prix sous un minimum",
  above: "Prix au-dessus d'un maximum",
  out_of_range: "Prix hors d'une fourchette min/max",
  back_in_stock: "Retour en stock",
  out_of_stock: "Rupture de stock",
  below_reference: "Un marchand passe sous mon prix",
  suspect_promotion: "Promotion suspecte (prix barré supérieur au plus bas des 30 jours)",
  below_min_advertised: "Un revendeur passe sous mon prix minimum annoncé",
  monitoring_stopped: "Surveillance interrompue",
};

export const ALERT_MODES = ["instant", "digest"] as const;
export type TAlertMode = (typeof ALERT_MODES)[number];

export const ALERT_MSG = {
  kind: "Type d'alerte invalide",
  urlId: "URL invalide",
  amount: "Le montant doit être un nombre positif avec au plus 2 décimales",
  percent: "Le pourcentage doit être compris entre 0,01 et 1000 avec au plus 2 décimales",
  thresholdRequired: "Indiquez un seuil en euros ou en pourcentage",
  thresholdBoth: "Indiquez un seuil en euros ou en pourcentage, pas les deux",
  minRequired: "Le prix minimum est obligatoire",
  maxRequired: "Le prix maximum est obligatoire",
  minBelowMax: "Le prix minimum doit être inférieur au prix maximum",
  cooldown: "Le délai entre deux alertes doit être un nombre entier de minutes entre 0 et 10080",
  active: "La valeur « active » doit être vraie ou fausse",
  alertMode: "Le mode d'envoi doit être « instant » ou « digest »",
  nothingToUpdate: "Aucune modification fournie",
  token: "Lien de désabonnement invalide",
} as const;

const AMOUNT = /^\d{1,10}(?:[.,]\d{1,2})?$/;

/** "12,5" / "12.50" / 12.5 → "12.50"; blank → null. */
function decimal(message: string, max: number, allowZero: boolean) {
  return z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z
      .union([z.string(), z.number()], { error: message })
      .nullable()
      .transform((value, ctx) => {
        if (value === null) return null;
        const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "x") : value.trim();
        const normalized = text.replace(",", ".");
        const n = Number(normalized);
        if (!AMOUNT.test(text) || !Number.isFinite(n) || n > max || (!allowZero && n <= 0)) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return n.toFixed(2);
      }),
  );
}

export const zAmount = decimal(ALERT_MSG.amount, 9_999_999_999.99, false);
export const zPercent = decimal(ALERT_MSG.percent, 1000, false);

const zCooldown = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : digitsToNumber(v)),
  z
    .number({ error: ALERT_MSG.cooldown })
    .int(ALERT_MSG.cooldown)
    .min(0, ALERT_MSG.cooldown)
    .max(10_080, ALERT_MSG.cooldown),
);

const zUrlId = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.uuid({ error: ALERT_MSG.urlId }).nullable(),
);

const ruleFields = {
  kind: z.enum(ALERT_KINDS, { error: ALERT_MSG.kind }),
  url_id: zUrlId,
  threshold_amount: zAmount,
  threshold_percent: zPercent,
  min_price: zAmount,
  max_price: zAmount,
  cooldown_minutes: zCooldown,
  active: z.boolean({ error: ALERT_MSG.active }),
};

type TRuleShape = {
  kind: TAlertKind;
  url_id: string | null;
  threshold_amount: string | null;
  threshold_percent: string | null;
  min_price: string | null;
  max_price: string | null;
  cooldown_minutes: number;
  active: boolean;
  channel_ids: string[];
};

/** Checks the parameters a kind needs and drops those it ignores. */
function normalizeRule(rule: TRuleShape, ctx: z.RefinementCtx): TRuleShape {
  const out: TRuleShape = {
    ...rule,
    threshold_amount: null,
    threshold_percent: null,
    min_price: null,
    max_price: null,
  };
  const issue = (path: keyof TRuleShape, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  switch (rule.kind) {
    case "drop":
    case "rise":
      if (rule.threshold_amount === null && rule.threshold_percent === null)
        issue("threshold_amount", ALERT_MSG.thresholdRequired);
      else if (rule.threshold_amount !== null && rule.threshold_percent !== null)
        issue("threshold_percent", ALERT_MSG.thresholdBoth);
      out.threshold_amount = rule.threshold_amount;
      out.threshold_percent = rule.threshold_percent;
      break;
    case "below":
      if (rule.min_price === null) issue("min_price", ALERT_MSG.minRequired);
      out.min_price = rule.min_price;
      break;
    case "above":
      if (rule.max_price === null) issue("max_price", ALERT_MSG.maxRequired);
      out.max_price = rule.max_price;
      break;
    case "out_of_range":
      if (rule.min_price === null) issue("min_price", ALERT_MSG.minRequired);
      else if (rule.max_price === null) issue("max_price", ALERT_MSG.maxRequired);
      else if (Number(rule.min_price) >= Number(rule.max_price)) issue("max_price", ALERT_MSG.minBelowMax);
      out.min_price = rule.min_price;
      out.max_price = rule.max_price;
      break;
    default:
      break;
  }
  return out;
}

export const ZCreateAlertRule = z
  .object({
    ...ruleFields,
    url_id: ruleFields.url_id.default(null),
    threshold_amount: ruleFields.threshold_amount.default(null),
    threshold_percent: ruleFields.threshold_percent.default(null),
    min_price: ruleFields.min_price.default(null),
    max_price: ruleFields.max_price.default(null),
    cooldown_minutes: ruleFields.cooldown_minutes.default(60),
    active: ruleFields.active.default(true),
    channel_ids: ZChannelIds.default([]),
  })
  .transform((rule, ctx) => normalizeRule(rule as TRuleShape, ctx));
export type TCreateAlertRule = z.output<typeof ZCreateAlertRule>;
export type TCreateAlertRuleInput = z.input<typeof ZCreateAlertRule>;

/** PATCH: any subset; the server merges it with the stored rule and validates the whole with ZCreateAlertRule. */
export const ZUpdateAlertRule = z
  .object({
    kind: ruleFields.kind.optional(),
    url_id: ruleFields.url_id.optional(),
    threshold_amount: ruleFields.threshold_amount.optional(),
    threshold_percent: ruleFields.threshold_percent.optional(),
    min_price: ruleFields.min_price.optional(),
    max_price: ruleFields.max_price.optional(),
    cooldown_minutes: ruleFields.cooldown_minutes.optional(),
    active: ruleFields.active.optional(),
    channel_ids: ZChannelIds.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: ALERT_MSG.nothingToUpdate });
export type TUpdateAlertRule = z.output<typeof ZUpdateAlertRule>;

export const ZAlertPreferences = z.object({
  alert_mode: z.enum(ALERT_MODES, { error: ALERT_MSG.alertMode }),
});
export type TAlertPreferences = z.output<typeof ZAlertPreferences>;

export const ZSendTestAlert = z.object({
  product_id: z.uuid({ error: "Produit introuvable" }),
  rule_id: z.uuid({ error: "Règle d'alerte introuvable" }).optional(),
});
export type TSendTestAlert = z.output<typeof ZSendTestAlert>;

export const ZUnsubscribeQuery = z.object({
  token: z.string({ error: ALERT_MSG.token }).min(1, ALERT_MSG.token).max(500, ALERT_MSG.token),
});

export const ZAlertEventsQuery = z.object({
  limit: zLimit(100).default(20),
});
