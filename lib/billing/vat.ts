// French VAT on our subscriptions: plans are priced excluding tax (HT, SPEC.md §1); VAT is added at payment.
import { formatCents } from "@/lib/format";
export const VAT_RATE_PERCENT = 20;

export type TVatBreakdown = { ht: number; vat: number; ttc: number };

/** HT → VAT and TTC, in integer cents (VAT rounded to the nearest cent). */
export function addVat(htCents: number): TVatBreakdown {
  const vat = Math.round((htCents * VAT_RATE_PERCENT) / 100);
  return { ht: htCents, vat, ttc: htCents + vat };
}

/** The HT and VAT parts of an amount that includes VAT (an invoice total), in integer cents. */
export function splitVat(ttcCents: number): TVatBreakdown {
  const ht = Math.round((ttcCents * 100) / (100 + VAT_RATE_PERCENT));
  return { ht, vat: ttcCents - ht, ttc: ttcCents };
}

/** 'soit 58,80 € TTC' under a monthly price excluding tax (null for a free plan). */
export function ttcNote(priceHt: string | number | null | undefined): string | null {
  const htCents = Math.round(Number(priceHt ?? 0) * 100);
  if (!Number.isFinite(htCents) || htCents <= 0) return null;
  return `soit ${formatCents(addVat(htCents).ttc)} TTC (TVA ${VAT_RATE_PERCENT} %)`;
}
