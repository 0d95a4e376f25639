import { FEED_FIELDS, type TFeedField, type TFeedFormat, type TFeedMapping } from "@/db/schema";
import { headerKey, IMPORT_ALIASES } from "@/lib/products";

export { FIELD_LABELS, FORMAT_LABELS } from "./labels";

const GOOGLE: Partial<Record<TFeedField, string[]>> = {
  sku: ["gid", "id"],
  name: ["gtitle", "title"],
  description: ["gdescription", "description", "summary"],
  ean: ["ggtin", "gtin"],
  brand: ["gbrand", "brand"],
  mpn: ["gmpn", "mpn"],
  category: ["gproducttype", "producttype", "ggoogleproductcategory", "googleproductcategory"],
  tags: ["gcustomlabel0", "customlabel0"],
  image: ["gimagelink", "imagelink"],
  cost_price: ["gcostofgoodssold", "costofgoodssold"],
  reference_price: ["gprice", "price"],
  min_price: ["gautopricingminprice", "autopricingminprice"],
};

/** Each format's header names per field, by headerKey (no case, accents, spaces or punctuation), best first. */
const COLUMNS: Record<TFeedFormat, Partial<Record<TFeedField, string[]>>> = {
  google_xml: GOOGLE,
  google_csv: GOOGLE,
  shopify: {
    sku: ["variantsku"],
    name: ["title"],
    description: ["bodyhtml"],
    ean: ["variantbarcode"],
    brand: ["vendor"],
    category: ["productcategory", "type"],
    tags: ["tags"],
    image: ["imagesrc", "variantimage"],
    cost_price: ["costperitem"],
    reference_price: ["variantprice"],
  },
  woocommerce: {
    sku: ["sku", "ugs"],
    name: ["name", "nom"],
    description: ["shortdescription", "descriptioncourte", "description"],
    ean: ["gtinupceanorisbn", "gtinupceanouisbn", "metagtin", "ean"],
    brand: ["brands", "marques", "brand"],
    mpn: ["metampn"],
    category: ["categories", "categorie"],
    tags: ["tags", "etiquettes"],
    image: ["images"],
    cost_price: ["metawccogcost"],
    reference_price: ["regularprice", "tarifregulier", "prixnormal"],
  },
  prestashop: {
    sku: ["reference", "referencen"],
    name: ["name", "nom"],
    description: ["summary", "resume", "description"],
    ean: ["ean13", "ean"],
    brand: ["manufacturer", "brand", "marque", "fabricant"],
    mpn: ["mpn"],
    category: ["categoriesxyz", "categories", "categorie"],
    tags: ["tagsxyz", "tags"],
    image: ["imageurlsxyz", "image"],
    cost_price: ["wholesaleprice", "prixdachat", "prixdegros"],
    reference_price: ["pricetaxincluded", "prixttc", "pricetaxexcluded", "prixht", "prix"],
  },
  veilleprix: {
    sku: IMPORT_ALIASES.sku,
    name: IMPORT_ALIASES.product,
    description: IMPORT_ALIASES.description,
    ean: IMPORT_ALIASES.ean,
    brand: IMPORT_ALIASES.brand,
    mpn: IMPORT_ALIASES.mpn,
    category: IMPORT_ALIASES.category,
    tags: IMPORT_ALIASES.tags,
    image: IMPORT_ALIASES.image,
    cost_price: IMPORT_ALIASES.costPrice,
    reference_price: IMPORT_ALIASES.referencePrice,
    min_price: IMPORT_ALIASES.minPrice,
  },
};

/** Headers only a format's exports have; the format whose marks are most present wins. */
const MARKS: Record<Exclude<TFeedFormat, "google_xml">, string[]> = {
  google_csv: ["id", "title", "link", "imagelink", "availability", "price", "gtin", "condition"],
  shopify: ["handle", "variantsku", "variantprice", "variantbarcode", "bodyhtml", "vendor", "published"],
  woocommerce: ["sku", "regularprice", "tarifregulier", "ugs", "shortdescription", "instock", "parent"],
  prestashop: ["ean13", "active01", "referencen", "pricetaxexcluded", "prixttc", "prixht", "wholesaleprice"],
  veilleprix: ["produit", "monprix", "prixachat", "marque", "prixminimum", "categorie"],
};

/** The format a table's header most looks like (an XML source is always Google Merchant Center). */
export function detectFormat(header: string[], isXml: boolean): TFeedFormat {
  if (isXml) return "google_xml";
  const keys = new Set(header.map(headerKey));
  let best: TFeedFormat = "veilleprix";
  let bestScore = 1;
  for (const [format, marks] of Object.entries(MARKS) as [TFeedFormat, string[]][]) {
    const score = marks.filter((m) => keys.has(m)).length;
    if (score > bestScore) [best, bestScore] = [format, score];
  }
  return best;
}

/** The mapping a format suggests for this header: each field its first matching column, or null. */
export function proposeMapping(format: TFeedFormat, header: string[]): TFeedMapping {
  const keys = header.map(headerKey);
  const mapping = {} as TFeedMapping;
  for (const field of FEED_FIELDS) {
    const names = COLUMNS[format][field] ?? [];
    const found = names.map((n) => keys.indexOf(n)).find((i) => i >= 0);
    mapping[field] = found === undefined ? null : header[found]!;
  }
  return mapping;
}
