import { z } from "zod";
import { normalizeUrl, URL_MESSAGES } from "@/lib/products/urls/normalize-url";
import {
  IDENTITY_MSG,
  identityFields,
  splitList,
  zBrand,
  zCategory,
  zGtins,
  zImageUrl,
  zMpn,
  zSku,
  zTags,
} from "@/lib/products/identity/schemas";

// Shared by the forms (zodResolver) and the route handlers; French messages shown as they are.
export const PRODUCT_MSG = {
  nameRequired: "Le nom du produit est obligatoire",
  nameTooLong: "Le nom du produit ne doit pas dépasser 200 caractères",
  descriptionTooLong: "La description ne doit pas dépasser 2000 caractères",
  sourceRequired: "Le nom de la source est obligatoire",
  sourceTooLong: "Le nom de la source ne doit pas dépasser 200 caractères",
  frequency: "La fréquence doit être hourly, daily ou weekly",
  selectorTooLong: "Le sélecteur CSS ne doit pas dépasser 500 caractères",
  referencePrice: "Le prix de référence doit être un montant positif avec au plus 2 décimales",
  minAdvertisedPrice: "Le prix minimum annoncé doit être un montant positif avec au plus 2 décimales",
  nothingToUpdate: "Aucune modification fournie",
  tooManyUrls: "100 URLs au maximum par requête",
  ...URL_MESSAGES,
} as const;

// Same values as db/schema/products.ts (not imported: this module also runs in the browser).
export const TRACKING_FREQUENCIES = ["hourly", "daily", "weekly"] as const;
export type TFrequency = (typeof TRACKING_FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<TFrequency, string> = {
  hourly: "Toutes les heures",
  daily: "Quotidienne",
  weekly: "Hebdomadaire",
};

export const zProductName = z
  .string({ error: PRODUCT_MSG.nameRequired })
  .trim()
  .min(1, PRODUCT_MSG.nameRequired)
  .max(200, PRODUCT_MSG.nameTooLong);

export const zDescription = z
  .string({ error: PRODUCT_MSG.descriptionTooLong })
  .trim()
  .max(2000, PRODUCT_MSG.descriptionTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

export const zSourceName = z
  .string({ error: PRODUCT_MSG.sourceRequired })
  .trim()
  .min(1, PRODUCT_MSG.sourceRequired)
  .max(200, PRODUCT_MSG.sourceTooLong);

/** A page address, normalised (see normalize-url.ts). */
export const zProductUrlAddress = z.string({ error: PRODUCT_MSG.required }).transform((value, ctx) => {
  const result = normalizeUrl(value);
  if (!result.ok) {
    ctx.addIssue({ code: "custom", message: result.error });
    return z.NEVER;
  }
  return result.url;
});

export const zFrequency = z.enum(TRACKING_FREQUENCIES, { error: PRODUCT_MSG.frequency });

export const zSelector = z
  .string({ error: PRODUCT_MSG.selectorTooLong })
  .trim()
  .max(500, PRODUCT_MSG.selectorTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

/** An optional amount in euros ("12,5" → "12.5"); blank or null clears it. */
const zOptionalAmount = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const text = String(v).trim().replace(",", ".");
      if (text === "") return null;
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return text;
    });

export const zReferencePrice = zOptionalAmount(PRODUCT_MSG.referencePrice);
/** PUT /api/products/{id}/reference-price. */
export const ZReferencePrice = z.object({ reference_price: zReferencePrice });
export type TReferencePrice = z.input<typeof ZReferencePrice>;
/** Prix minimum annoncé: the threshold of the price-floor monitoring (lib/flags). */
export const zMinAdvertisedPrice = zOptionalAmount(PRODUCT_MSG.minAdvertisedPrice);
/** Prix d'achat HT. */
export const zCostPrice = zOptionalAmount(IDENTITY_MSG.costPrice);

export const ZCreateProductUrl = z.object({
  name: zSourceName,
  url: zProductUrlAddress,
  tracking_frequency: zFrequency.default("daily"),
  selector: zSelector.optional(),
});
export type TCreateProductUrl = z.input<typeof ZCreateProductUrl>;
export type TCreateProductUrlData = z.output<typeof ZCreateProductUrl>;

export const ZCreateProduct = z.object({
  name: zProductName,
  description: zDescription.optional(),
  reference_price: zReferencePrice.optional(),
  min_advertised_price: zMinAdvertisedPrice.optional(),
  cost_price: zCostPrice.optional(),
  ...identityFields,
  urls: z.array(ZCreateProductUrl).max(100, PRODUCT_MSG.tooManyUrls).optional(),
});
export type TCreateProduct = z.input<typeof ZCreateProduct>;
export type TCreateProductData = z.output<typeof ZCreateProduct>;

const updateFields = {
  description: zDescription.optional(),
  reference_price: zReferencePrice.optional(),
  min_advertised_price: zMinAdvertisedPrice.optional(),
  cost_price: zCostPrice.optional(),
  ...identityFields,
};

/** PUT: the name is required; any other absent field is left unchanged. */
export const ZUpdateProduct = z.object({ name: zProductName, ...updateFields });
/** PATCH: every field optional (absent is unchanged), at least one. */
export const ZPatchProduct = z
  .object({ name: zProductName.optional(), ...updateFields })
  .refine((v) => Object.values(v).some((f) => f !== undefined), { message: PRODUCT_MSG.nothingToUpdate });
export type TUpdateProduct = z.input<typeof ZUpdateProduct>;
export type TUpdateProductData = z.output<typeof ZPatchProduct>;

/** PATCH of a tracked URL: source name, frequency, CSS selector hint; at least one of them. */
export const ZUpdateProductUrl = z
  .object({
    name: zSourceName.optional(),
    tracking_frequency: zFrequency.optional(),
    selector: zSelector.optional(),
  })
  .refine((v) => v.name !== undefined || v.tracking_frequency !== undefined || v.selector !== undefined, {
    message: PRODUCT_MSG.nothingToUpdate,
  });
export type TUpdateProductUrl = z.input<typeof ZUpdateProductUrl>;
export type TUpdateProductUrlData = z.output<typeof ZUpdateProductUrl>;

/** A list typed in one field ('a, b; c'), checked item by item; the error stays on the field. */
const zListField = <T extends z.ZodType<unknown[], string[]>>(schema: T) =>
  z.string().transform((value, ctx) => {
    const parsed = schema.safeParse(splitList(value));
    if (parsed.success) return parsed.data as z.output<T>;
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? PRODUCT_MSG.required });
    return z.NEVER;
  });

/** The 'Identification' section of the product forms: text fields, the lists separated by commas. */
export const identityFormFields = {
  sku: zSku,
  gtins: zListField(zGtins),
  brand: zBrand,
  mpn: zMpn,
  category: zCategory,
  tags: zListField(zTags),
  image_url: zImageUrl,
  cost_price: zCostPrice,
};
export const ZIdentityForm = z.object(identityFormFields);
export type TIdentityForm = z.input<typeof ZIdentityForm>;

/** The identity fields of an API payload from the form's values. */
export const identityPayload = (form: z.output<typeof ZIdentityForm>) => ({
  ...form,
  gtins: form.gtins.map((g) => g.code),
});

/** The form's values of a product's identity. */
export const identityDefaults = (p?: {
  sku: string | null;
  gtins: string[];
  brand: string | null;
  mpn: string | null;
  category: string | null;
  tags: string[];
  image_url: string | null;
  cost_price: string | null;
}): TIdentityForm => ({
  sku: p?.sku ?? "",
  gtins: p?.gtins.join(", ") ?? "",
  brand: p?.brand ?? "",
  mpn: p?.mpn ?? "",
  category: p?.category ?? "",
  tags: p?.tags.join(", ") ?? "",
  image_url: p?.image_url ?? "",
  cost_price: p?.cost_price?.replace(".", ",") ?? "",
});

/**
 * The add-product form: empty URL blocks are ignored, a half-filled block asks for its missing field,
 * and only complete blocks are sent (SPEC.md §2).
 */
export const ZProductForm = z.object({
  ...identityFormFields,
  reference_price: zReferencePrice,
  min_advertised_price: zMinAdvertisedPrice,
  name: zProductName,
  description: z.string().trim().max(2000, PRODUCT_MSG.descriptionTooLong),
  urls: z.array(
    z
      .object({ name: z.string().trim(), url: z.string().trim(), tracking_frequency: zFrequency })
      .superRefine((block, ctx) => {
        if (!block.name && !block.url) return;
        if (!block.name) ctx.addIssue({ code: "custom", path: ["name"], message: PRODUCT_MSG.sourceRequired });
        if (!block.url) ctx.addIssue({ code: "custom", path: ["url"], message: PRODUCT_MSG.required });
        else {
          const result = normalizeUrl(block.url);
          if (!result.ok) ctx.addIssue({ code: "custom", path: ["url"], message: result.error });
        }
        if (block.name.length > 200)
          ctx.addIssue({ code: "custom", path: ["name"], message: PRODUCT_MSG.sourceTooLong });
      }),
  ),
});
export type TProductForm = z.input<typeof ZProductForm>;
export type TProductFormData = z.output<typeof ZProductForm>;
