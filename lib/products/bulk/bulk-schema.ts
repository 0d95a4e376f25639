import { z } from "zod";
import { isUuid } from "@/lib/core/is-uuid";
import { zTags } from "@/lib/products/identity/schemas";
import { zFrequency } from "@/lib/products/schemas";

// Browser-safe: POST /api/products/bulk, shared by the products screen's selection bar and the server.

export const MAX_BULK = 1000;
export const BULK_MSG = {
  ids: `Sélectionnez entre 1 et ${MAX_BULK} produits`,
  id: "Identifiant de produit invalide",
  action: "L'action doit être tag, pause, resume, frequency ou delete",
  tags: "Indiquez au moins une étiquette à ajouter ou à retirer",
} as const;

const zIds = z
  .array(z.string({ error: BULK_MSG.id }).refine(isUuid, BULK_MSG.id), { error: BULK_MSG.ids })
  .min(1, BULK_MSG.ids)
  .max(MAX_BULK, BULK_MSG.ids)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

export const ZBulkProducts = z.discriminatedUnion(
  "action",
  [
    z
      .object({ action: z.literal("tag"), ids: zIds, add: zTags.default([]), remove: zTags.default([]) })
      .refine((b) => b.add.length + b.remove.length > 0, BULK_MSG.tags),
    z.object({ action: z.literal("pause"), ids: zIds }),
    z.object({ action: z.literal("resume"), ids: zIds }),
    z.object({ action: z.literal("frequency"), ids: zIds, tracking_frequency: zFrequency }),
    z.object({ action: z.literal("delete"), ids: zIds }),
  ],
  { error: BULK_MSG.action },
);
export type TBulkProducts = z.input<typeof ZBulkProducts>;
