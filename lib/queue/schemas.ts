import { z } from "zod";
import { limitMessage, zLimit } from "@/lib/core/limit-param";

// Shared by the queue panel and the route handlers; French messages shown as they are.
export const QUEUE_MSG = {
  noUrls: "Aucune URL trouvée pour ce produit",
  urlRequired: "L'URL est obligatoire",
  urlInvalid: "Veuillez saisir une URL valide (http ou https)",
  tooMany: "100 URLs au maximum par lot",
  priority: "La priorité doit être low, normal ou high",
  status: "Statut de tâche inconnu",
  limit: limitMessage(100),
  timeout: "Le délai d'attente doit être compris entre 0 et 300 secondes",
} as const;

export const TASK_STATUS_FILTERS = [
  "pending",
  "processing",
  "completed",
  "failed",
  "cancelled",
  "retry",
  "active",
  "recent",
] as const;

const zUuid = z.uuid({ error: "Identifiant invalide" });
const zPageUrl = z
  .string({ error: QUEUE_MSG.urlRequired })
  .trim()
  .min(1, QUEUE_MSG.urlRequired)
  .max(2048, QUEUE_MSG.urlInvalid)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, QUEUE_MSG.urlInvalid);

const zBool = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

export const ZQueueScrape = z.object({
  url: zPageUrl.optional(),
  use_ai: z.boolean().default(false),
  options: z.object({ url_id: zUuid.optional(), product_id: zUuid.optional() }).default({}),
});
export type TQueueScrape = z.input<typeof ZQueueScrape>;

export const ZQueueScrapeQuery = z.object({
  wait: zBool.default(true),
  timeout: z.coerce
    .number({ error: QUEUE_MSG.timeout })
    .min(0, QUEUE_MSG.timeout)
    .max(300, QUEUE_MSG.timeout)
    .default(300),
});

export const ZListTasksQuery = z.object({
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      for (const s of list) {
        if (!(TASK_STATUS_FILTERS as readonly string[]).includes(s)) {
          ctx.addIssue({ code: "custom", message: QUEUE_MSG.status });
          return z.NEVER;
        }
      }
      return list as (typeof TASK_STATUS_FILTERS)[number][];
    }),
  limit: zLimit(100).optional(),
});

export const ZRetryTask = z.object({ force: z.boolean().default(false) });

export const ZBatchScrape = z.object({
  urls: z
    .array(
      z.object({
        url: zPageUrl.optional(),
        url_id: zUuid.optional(),
        options: z.object({ product_id: zUuid.optional() }).default({}),
      }),
    )
    .max(100, QUEUE_MSG.tooMany)
    .default([]),
  priority: z.enum(["low", "normal", "high"], { error: QUEUE_MSG.priority }).default("normal"),
  use_ai: z.boolean().default(false),
});
export type TBatchScrape = z.input<typeof ZBatchScrape>;

export const ZScheduleTasks = z.object({
  product_id: zUuid.optional(),
  /** true: every URL now; false (default): only the URLs whose check is due. */
  all: z.boolean().default(false),
});
