import { z } from "zod";

// Shared by the billing screens and the route handlers.
export const MISSING_PRICE = "ID de prix Stripe manquant";
export const PAYMENTS_UNAVAILABLE = "Le paiement en ligne est momentanément indisponible.";

const optionalId = z
  .union([z.string().trim().max(200), z.number().int().positive()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : String(v)));

const optionalUrl = z
  .string()
  .trim()
  .max(2048)
  .nullish()
  .transform((v) => v || undefined);

export const ZCreateCheckoutSession = z.object({
  price_id: optionalId,
  /** demo mode: plans have no Stripe price, the plan id (or code) is sent instead */
  plan_id: optionalId,
  success_url: optionalUrl,
  cancel_url: optionalUrl,
});
export type TCreateCheckoutSession = z.input<typeof ZCreateCheckoutSession>;

export const ZSubscribe = z.object({
  plan_id: optionalId,
  planId: optionalId,
  price_id: optionalId,
});
export type TSubscribe = z.input<typeof ZSubscribe>;

const paymentMethodId = z
  .string({ error: "Moyen de paiement manquant" })
  .trim()
  .regex(/^pm_[A-Za-z0-9_]+$/, "Moyen de paiement invalide");

export const ZCreateSubscription = z.object({
  payment_method_id: paymentMethodId,
  price_id: optionalId,
  plan_id: optionalId,
});
export type TCreateSubscription = z.input<typeof ZCreateSubscription>;

export const ZCreatePaymentIntent = z.object({
  /** integer cents */
  amount: z
    .number({ error: "Montant invalide" })
    .int("Montant invalide")
    .min(50, "Montant invalide")
    .max(10_000_000, "Montant invalide")
    .optional(),
  price_id: optionalId,
  plan_id: optionalId,
});
export type TCreatePaymentIntent = z.input<typeof ZCreatePaymentIntent>;

export const ZAddPaymentMethod = z.object({ payment_method_id: paymentMethodId });
export type TAddPaymentMethod = z.input<typeof ZAddPaymentMethod>;
