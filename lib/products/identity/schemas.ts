import { z } from "zod";
import { parseGtin } from "./gtin";

// Shared by the product forms, the API and the import; French messages shown as they are.
export const IDENTITY_MSG = {
  sku: "La référence (SKU) ne doit pas dépasser 100 caractères",
  duplicateSku: "Cette référence (SKU) existe déjà",
  gtin: "Code EAN invalide (chiffre de contrôle)",
  gtinShape: "Code EAN invalide : 8, 12, 13 ou 14 chiffres",
  tooManyGtins: "20 codes EAN au maximum par produit",
  brand: "La marque ne doit pas dépasser 200 caractères",
  mpn: "La référence fabricant (MPN) ne doit pas dépasser 100 caractères",
  category: "La catégorie ne doit pas dépasser 500 caractères",
  tag: "Une étiquette ne doit pas dépasser 50 caractères",
  tooManyTags: "50 étiquettes au maximum par produit",
  imageUrl: "L'image doit être une adresse http(s) valide",
  costPrice: "Le prix d'achat HT doit être un montant positif avec au plus 2 décimales",
} as const;

// PostgreSQL text cannot hold U+0000; other control characters have no place in a one-line field
const oneLine = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, " ").trim();

const zOptionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((v) => (v ? oneLine(v) : ""))
    .pipe(z.string().max(max, message))
    .transform((v) => (v === "" ? null : v));

export const zSku = zOptionalText(100, IDENTITY_MSG.sku);
export const zBrand = zOptionalText(200, IDENTITY_MSG.brand);
export const zMpn = zOptionalText(100, IDENTITY_MSG.mpn);

/** 'Maison>Cuisine >  Robots' → 'Maison > Cuisine > Robots': the stored path a prefix filter reads. */
export const zCategory = zOptionalText(2000, IDENTITY_MSG.category)
  .transform((v) =>
    v
      ? v
          .split(">")
          .map((s) => s.replace(/\s+/g, " ").trim())
          .filter(Boolean)
          .join(" > ") || null
      : null,
  )
  .refine((v) => v === null || v.length <= 500, IDENTITY_MSG.category);

/** One EAN/GTIN with its check digit; spaces and hyphens are dropped. */
export const zGtin = z.string({ error: IDENTITY_MSG.gtinShape }).transform((value, ctx) => {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{8}$|^\d{12,14}$/.test(digits)) {
    ctx.addIssue({ code: "custom", message: IDENTITY_MSG.gtinShape });
    return z.NEVER;
  }
  const parsed = parseGtin(digits);
  if (!parsed) {
    ctx.addIssue({ code: "custom", message: IDENTITY_MSG.gtin });
    return z.NEVER;
  }
  return parsed;
});

/** Several codes per product, the same code (whatever its length) once. */
export const zGtins = z
  .array(zGtin, { error: IDENTITY_MSG.gtinShape })
  .max(20, IDENTITY_MSG.tooManyGtins)
  .transform((list) => list.filter((g, i) => list.findIndex((o) => o.gtin === g.gtin) === i));

/** Free tags, trimmed, blank ones dropped, each once (case-insensitive, first spelling kept). */
export const zTags = z
  .array(z.string({ error: IDENTITY_MSG.tag }).transform(oneLine).pipe(z.string().max(50, IDENTITY_MSG.tag)), {
    error: IDENTITY_MSG.tag,
  })
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((t) => {
      const key = t.toLocaleLowerCase("fr-FR");
      if (t === "" || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((list) => list.length <= 50, IDENTITY_MSG.tooManyTags);

export const zImageUrl = zOptionalText(2048, IDENTITY_MSG.imageUrl).refine((v) => {
  if (v === null) return true;
  try {
    const url = new URL(v);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}, IDENTITY_MSG.imageUrl);

/** The identity fields of a product: absent is unchanged (PUT, PATCH), null or blank clears. */
export const identityFields = {
  sku: zSku.optional(),
  gtins: zGtins.optional(),
  brand: zBrand.optional(),
  mpn: zMpn.optional(),
  category: zCategory.optional(),
  tags: zTags.optional(),
  image_url: zImageUrl.optional(),
};

/** 'a, b; c' → ['a', 'b', 'c']: the form's and the import's way of typing a list in one field. */
export const splitList = (value: string) =>
  value
    .split(/[,;\n|]/)
    .map((v) => v.trim())
    .filter(Boolean);
