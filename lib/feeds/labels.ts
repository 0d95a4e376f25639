// The French names of the feed formats and fields: plain constants, read by the pages as well.
import type { TFeedField, TFeedFormat, TFeedOutcome } from "@/db/schema/feeds";

export const FORMAT_LABELS: Record<TFeedFormat, string> = {
  google_xml: "Google Merchant Center (XML RSS/Atom)",
  google_csv: "Google Merchant Center (TSV/CSV)",
  shopify: "Shopify (export CSV des produits)",
  woocommerce: "WooCommerce (export CSV)",
  prestashop: "PrestaShop (export CSV)",
  veilleprix: "VeillePrix (CSV/XLSX)",
};

export const FIELD_LABELS: Record<TFeedField, string> = {
  sku: "Référence (SKU)",
  name: "Nom du produit",
  description: "Description",
  ean: "EAN / GTIN",
  brand: "Marque",
  mpn: "Référence fabricant (MPN)",
  category: "Catégorie",
  tags: "Étiquettes",
  image: "Image",
  cost_price: "Prix d'achat HT",
  reference_price: "Mon prix",
  min_price: "Prix minimum annoncé",
};

/** The outcomes in the report's order: errors, warnings, then the rest. */
export const OUTCOME_LABELS: Record<TFeedOutcome, string> = {
  invalid: "Invalide",
  over_limit: "Hors limite du plan",
  gone: "Absent du flux",
  changed: "Modifié",
  new: "Nouveau",
  unchanged: "Inchangé",
};
