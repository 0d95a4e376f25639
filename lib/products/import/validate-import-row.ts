import { z } from "zod";
import { normalizeUrl } from "@/lib/products/urls/normalize-url";
import type { TImportRow } from "./parse-import-file";
import type { TImportIdentity } from "@/db/schema";
import {
  PRODUCT_MSG,
  zCostPrice,
  zDescription,
  zMinAdvertisedPrice,
  zProductName,
  zReferencePrice,
  zSourceName,
  type TFrequency,
} from "@/lib/products/schemas";
import { identityFields, splitList } from "@/lib/products/identity/schemas";

export type TValidImportRow = {
  line: number;
  product: string;
  description: string | null;
  source: string;
  url: string;
  frequency: TFrequency;
  identity: TImportIdentity;
};

const ZIdentityCells = z.object({
  ...identityFields,
  cost_price: zCostPrice.optional(),
  reference_price: zReferencePrice.optional(),
  min_advertised_price: zMinAdvertisedPrice.optional(),
});

/** The row's identity cells by the API's rules; blank cells say nothing (they clear nothing). */
export function checkIdentity(
  row: TImportRow,
): { ok: true; identity: TImportIdentity } | { ok: false; reason: string } {
  if (row.eanError) return { ok: false, reason: row.eanError };
  const cell = (v: string | undefined) => (v ? v : undefined);
  const parsed = ZIdentityCells.safeParse({
    sku: cell(row.sku),
    gtins: row.ean ? splitList(row.ean) : undefined,
    brand: cell(row.brand),
    mpn: cell(row.mpn),
    category: cell(row.category),
    tags: row.tags ? splitList(row.tags) : undefined,
    image_url: cell(row.image),
    cost_price: cell(row.costPrice),
    reference_price: cell(row.referencePrice),
    min_advertised_price: cell(row.minPrice),
  });
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? PRODUCT_MSG.required };
  const identity = Object.fromEntries(
    Object.entries(parsed.data).filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && !v.length)),
  );
  return { ok: true, identity: identity as TImportIdentity };
}

const FREQUENCIES: Record<string, TFrequency> = {
  "": "daily",
  hourly: "hourly",
  horaire: "hourly",
  heure: "hourly",
  "toutes les heures": "hourly",
  "chaque heure": "hourly",
  daily: "daily",
  quotidienne: "daily",
  quotidien: "daily",
  jour: "daily",
  journalier: "daily",
  journaliere: "daily",
  "tous les jours": "daily",
  "chaque jour": "daily",
  weekly: "weekly",
  hebdomadaire: "weekly",
  hebdo: "weekly",
  semaine: "weekly",
  "toutes les semaines": "weekly",
  "chaque semaine": "weekly",
};

const frequencyKey = (v: string) =>
  v
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/** One import row checked by the same rules as the API; the reason is the first French error. */
export function validateImportRow(
  row: TImportRow,
): { ok: true; data: TValidImportRow } | { ok: false; reason: string } {
  const name = zProductName.safeParse(row.product);
  if (!name.success) return { ok: false, reason: name.error.issues[0]?.message ?? PRODUCT_MSG.nameRequired };
  const description = zDescription.safeParse(row.description);
  if (!description.success) return { ok: false, reason: PRODUCT_MSG.descriptionTooLong };
  const source = zSourceName.safeParse(row.source);
  if (!source.success) return { ok: false, reason: source.error.issues[0]?.message ?? PRODUCT_MSG.sourceRequired };
  const url = normalizeUrl(row.url);
  if (!url.ok) return { ok: false, reason: url.error };
  const frequency = FREQUENCIES[frequencyKey(row.frequency)];
  if (!frequency) {
    return {
      ok: false,
      reason:
        `Fréquence inconnue « ${row.frequency.slice(0, 40)} » : utilisez hourly, daily ou weekly (ou Toutes les ` +
        `heures, Quotidienne, Hebdomadaire)`,
    };
  }
  const identity = checkIdentity(row);
  if (!identity.ok) return identity;
  return {
    ok: true,
    data: {
      identity: identity.identity,
      line: row.line,
      product: name.data,
      description: description.data,
      source: source.data,
      url: url.url,
      frequency,
    },
  };
}
