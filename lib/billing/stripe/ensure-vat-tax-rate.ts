import type Stripe from "stripe";
import { VAT_RATE_PERCENT } from "@/lib/billing/vat";
import { requireStripe } from "./stripe-client";
import { withStripeErrors } from "./with-stripe-errors";

// our prices are HT: the rate is exclusive, so Stripe adds the TVA on top, as the plans, checkout and invoices say
const MARK = `veilleprix-tva-fr-${VAT_RATE_PERCENT}`;

const known = new WeakMap<Stripe, Promise<string>>();

async function findOrCreate(stripe: Stripe): Promise<string> {
  const existing = await withStripeErrors(() =>
    stripe.taxRates.list({ active: true, inclusive: false, limit: 100 }).autoPagingToArray({ limit: 1000 }),
  );
  const found = existing.find((r) => r.metadata?.veilleprix === MARK && r.percentage === VAT_RATE_PERCENT);
  if (found) return found.id;
  const created = await withStripeErrors(() =>
    stripe.taxRates.create(
      {
        display_name: "TVA",
        description: `TVA française ${VAT_RATE_PERCENT} % (VeillePrix)`,
        percentage: VAT_RATE_PERCENT,
        inclusive: false,
        country: "FR",
        jurisdiction: "FR",
        tax_type: "vat",
        metadata: { veilleprix: MARK },
      },
      { idempotencyKey: MARK },
    ),
  );
  return created.id;
}

/** The id of our French TVA tax rate on Stripe, created once per account and remembered by the process. */
export async function ensureVatTaxRate(): Promise<string> {
  const stripe = requireStripe();
  let id = known.get(stripe);
  if (!id) {
    id = findOrCreate(stripe);
    known.set(stripe, id);
    id.catch(() => known.delete(stripe));
  }
  return id;
}
