import { z } from "zod";
import { SHOP_STRATEGIES } from "@/db/schema";
import { isUuid } from "@/lib/core/is-uuid";
import { zLimit } from "@/lib/core/limit-param";

// Browser-safe (zod only): the data-health screen's states, filters and bulk fixes, shared by forms and routes.

export const HEALTH_STATES = [
  "up_to_date",
  "late",
  "blocked",
  "not_found",
  "uncertain",
  "rule_lost",
  "paused",
] as const;
export type THealthState = (typeof HEALTH_STATES)[number];

export const HEALTH_STATE_LABELS: Record<THealthState, string> = {
  up_to_date: "À jour",
  late: "En retard",
  blocked: "Bloqué",
  not_found: "Introuvable",
  uncertain: "Prix incertain",
  rule_lost: "Règle perdue",
  paused: "En pause",
};

export const HEALTH_FIXES = ["rescrape", "pause", "resume", "delete", "strategy"] as const;

export const HEALTH_MSG = {
  state: "État inconnu",
  shop: "Boutique invalide",
  cursor: "Curseur invalide",
  fix: "Action inconnue",
  urlIds: "Choisissez entre 1 et 500 URLs",
  urlId: "URL invalide",
  strategy: "Choisissez une stratégie d'accès",
  threshold: "Le nombre d'échecs d'affilée doit être un entier entre 2 et 20",
  active: "La valeur « active » doit être vraie ou fausse",
  nothing: "Aucune modification fournie",
} as const;

/** The cursor of the lists in due order ('late', 'à jour'): the last row's due time (UTC, µs) and id. */
export const DUE_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(.{36})$/;
const isDueCursor = (c: string) => {
  const parts = DUE_CURSOR.exec(c);
  if (parts === null || !isUuid(parts[2]) || parts[1]!.startsWith("0000")) return false;
  // a real instant (no 30 February, no hour 24): PostgreSQL refuses those with an error
  const at = Date.parse(parts[1]!);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 19) === parts[1]!.slice(0, 19);
};

const uuid = (message: string) => z.string({ error: message }).uuid(message);

export const ZHealthListQuery = z
  .object({
    state: z.enum(HEALTH_STATES, { error: HEALTH_MSG.state }).optional().describe("Filtre par état"),
    shop: z
      .string({ error: HEALTH_MSG.shop })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]{1,253}$/, HEALTH_MSG.shop)
      .optional()
      .describe("Filtre par boutique (domaine sans « www. »)"),
    cursor: z
      .string({ error: HEALTH_MSG.cursor })
      .refine((c) => isUuid(c) || isDueCursor(c), HEALTH_MSG.cursor)
      .optional()
      .describe("next_cursor de la page précédente"),
    limit: zLimit(100).default(50),
  })
  .refine(
    (q) =>
      // a cursor of neither form has its message from the field already
      q.cursor === undefined ||
      !(isUuid(q.cursor) || isDueCursor(q.cursor)) ||
      (q.state === "late" || q.state === "up_to_date" ? isDueCursor(q.cursor) : isUuid(q.cursor)),
    { message: HEALTH_MSG.cursor, path: ["cursor"] },
  );
export type THealthListQuery = z.output<typeof ZHealthListQuery>;

export const ZHealthFix = z
  .object({
    action: z.enum(HEALTH_FIXES, { error: HEALTH_MSG.fix }),
    url_ids: z
      .array(uuid(HEALTH_MSG.urlId), { error: HEALTH_MSG.urlIds })
      .min(1, HEALTH_MSG.urlIds)
      .max(500, HEALTH_MSG.urlIds),
    strategy: z.enum(SHOP_STRATEGIES, { error: HEALTH_MSG.strategy }).optional(),
  })
  .refine((b) => b.action !== "strategy" || b.strategy !== undefined, {
    message: HEALTH_MSG.strategy,
    path: ["strategy"],
  });
export type THealthFix = z.output<typeof ZHealthFix>;

export const ZMonitoringAlert = z
  .object({
    active: z.boolean({ error: HEALTH_MSG.active }).optional(),
    failure_threshold: z
      .number({ error: HEALTH_MSG.threshold })
      .int(HEALTH_MSG.threshold)
      .min(2, HEALTH_MSG.threshold)
      .max(20, HEALTH_MSG.threshold)
      .optional(),
  })
  .refine((b) => b.active !== undefined || b.failure_threshold !== undefined, { message: HEALTH_MSG.nothing });
