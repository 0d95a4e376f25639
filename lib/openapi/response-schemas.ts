import { z } from "zod";
import { URL_STATUSES } from "@/db/schema/products";

// Shapes of the answers, written as zod so the document is generated like the request schemas.
const iso = z.iso.datetime();
const decimal = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("Montant décimal en euros, 2 décimales (« 12.34 »)");

export const RError = z
  .object({
    detail: z.string().describe("Message en français"),
    code: z.string().describe("Code stable en snake_case"),
  })
  .describe("Erreur");
export const RMessage = z.object({ message: z.string() }).catchall(z.unknown());
export const RUser = z.object({
  id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.email(),
  email_verified: z
    .boolean()
    .describe("Adresse confirmée par le lien envoyé : alertes et rapports n'y vont qu'ensuite"),
  created_at: iso,
  roles: z.array(z.object({ name: z.string() })).or(z.array(z.string())),
});
export const RAccessToken = z.object({ access_token: z.string(), token_type: z.literal("bearer") });
export const RProductUrl = z.object({
  id: z.uuid(),
  product_id: z.uuid(),
  name: z.string().describe("Nom de la source"),
  url: z.url(),
  tracking_frequency: z.enum(["hourly", "daily", "weekly"]),
  selector: z.string().nullable().describe("Règle de prix choisie (sélecteur CSS), null : prix automatique"),
  price_rule_lost: z.boolean().describe("La règle de prix choisie ne trouve plus de prix : le prix automatique sert"),
  last_status: z.enum(URL_STATUSES).describe("État du dernier relevé"),
  last_error: z.string().nullable().describe("Message du dernier échec, en français"),
  last_checked_at: iso.nullable().describe("Date du dernier relevé, réussi ou non"),
  next_check_at: iso.nullable().describe("Prochain relevé planifié"),
  paused: z.boolean().describe("Suivi en pause (limite de l'abonnement) : lecture seule"),
  created_at: iso,
  latest: z
    .object({
      price: decimal.nullable(),
      currency: z.string().nullable(),
      available: z.boolean(),
      created_at: iso,
    })
    .nullable()
    .describe("Dernier prix relevé ; null avant le premier relevé réussi"),
});
export const RProductUrlCreated = RProductUrl.extend({
  scrape_task_id: z.uuid().describe("Tâche du premier relevé, lancée aussitôt"),
  message: z.string(),
});
export const RProduct = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    reference_price: decimal.nullable().optional(),
    min_advertised_price: decimal
      .nullable()
      .optional()
      .describe("Prix minimum annoncé surveillé : les revendeurs en dessous sont signalés"),
    sku: z.string().nullable().describe("Ma référence, unique dans l'espace de travail"),
    gtins: z.array(z.string()).describe("Codes EAN/GTIN tels que saisis (8, 12, 13 ou 14 chiffres)"),
    brand: z.string().nullable(),
    mpn: z.string().nullable().describe("Référence fabricant"),
    category: z.string().nullable().describe("Chemin de catégorie « Maison > Cuisine > Robots »"),
    tags: z.array(z.string()).describe("Étiquettes libres"),
    image_url: z.string().nullable().describe("Image du produit, http(s)"),
    cost_price: decimal.nullable().describe("Prix d'achat HT"),
  })
  .catchall(z.unknown());
/** An item of GET /api/products: the product and the list's summary of its URLs (no URL list). */
const RFacet = z.object({ value: z.string(), count: z.number().int().describe("Produits qui l'ont") });
export const RProductFacets = z.object({
  brands: z.array(RFacet).describe("Marques"),
  categories: z.array(RFacet).describe("Catégories, chacune avec ses parents ('Maison', 'Maison > Cuisine')"),
  tags: z.array(RFacet).describe("Étiquettes"),
});
export const RProductListItem = RProduct.extend({
  url_count: z.number().int(),
  lowest_price: decimal.nullable().describe("Le plus bas des derniers prix disponibles en euros"),
  uncertain_count: z.number().int().describe("URLs au prix incertain"),
  paused_count: z.number().int().describe("URLs en pause"),
  failed_count: z.number().int().describe("URLs dont le dernier relevé a échoué (bloquées comprises)"),
  blocked_count: z.number().int().describe("URLs bloquées par le site"),
  position: z
    .enum(["cheapest", "aligned", "dearer", "no_market"])
    .nullable()
    .describe("Mon prix face au moins cher (à ±1 % : aligned) ; null sans mon prix"),
  gap_bp: z.number().int().nullable().describe("Écart de mon prix au moins cher, en points de base (100 = 1 %)"),
  last_change_at: z.string().nullable().describe("Dernier changement de prix ou de disponibilité d'une URL"),
  sparkline: z
    .array(z.number().int().nullable())
    .describe("Plus bas prix de chacun des 30 derniers jours, en centimes"),
});
export const RHistoryEntry = z.object({
  id: z.number().int(),
  price: z.number().nullable().describe("Prix en euros ; null si la page n'en montrait pas"),
  currency: z.string().nullable(),
  availability: z.boolean(),
  regular_price: z.number().nullable().describe("Prix barré d'une promotion, quand la page en montre un"),
  shipping: z.number().nullable().describe("Frais de livraison indiqués par la page ; null si non indiqués"),
  availability_stated: z
    .boolean()
    .describe("false : la page montrait un prix sans rien dire du stock (disponibilité « Non précisée »)"),
  member_price: z.number().nullable().describe("Prix membre / carte de fidélité, à côté du prix, jamais à sa place"),
  coupon_price: z.number().nullable().describe("Prix avec coupon ou code promo, à côté du prix"),
  offers: z
    .array(
      z.object({
        seller: z.string().nullable(),
        price: z.string(),
        currency: z.string().nullable(),
        shipping: z.string().nullable(),
        regularPrice: z.string().nullable(),
        condition: z.enum(["new", "used", "refurbished"]).nullable(),
        available: z.boolean().nullable(),
        buyBox: z.boolean(),
      }),
    )
    .nullable()
    .describe("Les offres des vendeurs listées par la page (place de marché), dont celle retenue pour le prix"),
  kind: z.enum(["reading", "correction"]).describe("'correction' : premier relevé après le choix du bon prix"),
  corrected_by: z.number().int().nullable().describe("La correction qui a remplacé ce relevé erroné"),
  created_at: iso,
});
export const RPriceCandidates = z.object({
  candidates: z.array(
    z.object({
      id: z.string(),
      price: z.string(),
      currency: z.string().nullable(),
      context: z.string().describe("Les mots autour du prix sur la page, ou le nom de la variante"),
      source: z.string().describe("Où il a été trouvé : données structurées, bloc principal, prix barré, variante…"),
      label: z.string().nullable(),
      sku: z.string().nullable(),
      selected: z.boolean(),
    }),
  ),
  selector: z.string().nullable(),
  automatic: z.boolean(),
  rule_lost: z.boolean(),
});
export const RPriceSource = z.object({
  url: RProductUrl,
  task: z.unknown(),
  created: z.boolean(),
  message: z.string(),
});
export const RProductHistory = z.object({
  product_id: z.uuid(),
  range: z.enum(["7d", "30d", "90d", "all"]),
  from: iso,
  to: iso,
  retention_days: z.number().int().nullable(),
  reference_price: z.number().int().nullable().describe("Mon prix (prix de référence du produit) en centimes"),
  min_advertised_price: z.number().int().nullable().describe("Prix minimum annoncé du produit en centimes"),
  grain: z
    .enum(["reading", "day"])
    .describe("reading : chaque relevé (jusqu'à 8 jours) ; day : agrégats journaliers (heure de Paris)"),
  series: z.array(
    z.object({
      url_id: z.uuid(),
      name: z.string(),
      url: z.string(),
      points: z
        .array(z.tuple([z.number().int(), z.number().int().nullable()]))
        .describe("[horodatage en ms, prix en centimes | null] ; null = interruption (indisponible, échec)"),
      regular: z
        .array(z.tuple([z.number().int(), z.number().int().nullable()]))
        .describe(
          "Prix barré affiché par le marchand : [horodatage en ms, centimes | null] ; null = plus de prix barré",
        ),
      out_of_stock: z
        .array(z.tuple([z.number().int(), z.number().int()]))
        .describe("Prix affiché pendant une rupture de stock : [horodatage en ms, centimes] (relevés jusqu'à 8 jours)"),
      days: z
        .array(
          z.tuple([
            z.number().int(),
            z.number().int().nullable(),
            z.number().int().nullable(),
            z.number().int().nullable(),
          ]),
        )
        .describe("grain day : [minuit (heure de Paris) en ms, prix le plus bas, le plus haut, de clôture] par jour"),
    }),
  ),
});
export const RComparison = z.object({
  product_id: z.uuid(),
  currency: z.string(),
  reference_price: decimal.nullable(),
  stats: z.object({
    count: z.number().int(),
    out_of_stock_only: z.boolean(),
    min: decimal.nullable(),
    avg: decimal.nullable(),
    max: decimal.nullable(),
    spread: decimal.nullable(),
  }),
  merchants: z.array(
    z.object({
      url_id: z.uuid(),
      name: z.string(),
      url: z.string(),
      price: decimal.nullable(),
      currency: z.string(),
      available: z.boolean().nullable(),
      availability_stated: z
        .boolean()
        .describe("false : la page montrait un prix sans rien dire du stock (disponibilité « Non précisée »)"),
      seller: z.string().nullable().describe("Vendeur de l'offre relevée sur une place de marché, sinon null"),
      shipping: decimal.nullable().describe("Frais de livraison indiqués par la page ; null : non précisés"),
      total_with_shipping: decimal.nullable().describe("Prix + livraison ; null quand la livraison n'est pas précisée"),
      checked_at: iso.nullable(),
      status: z.enum(URL_STATUSES),
      last_checked_at: iso.nullable(),
      comparable: z.boolean(),
      is_cheapest: z.boolean(),
      gap_to_cheapest: decimal.nullable(),
      gap_to_cheapest_percent: decimal.nullable(),
      gap_to_reference: decimal.nullable(),
      gap_to_reference_percent: decimal.nullable(),
    }),
  ),
});
export const RReferencePrice = z.object({ id: z.uuid(), reference_price: decimal.nullable() });
export const RApiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe("Début du jeton, pour le reconnaître"),
  created_at: iso,
  last_used_at: iso.nullable(),
  revoked_at: iso.nullable(),
});
export const RApiTokenList = z.object({ can_create: z.boolean(), tokens: z.array(RApiToken) });
export const RApiTokenCreated = RApiToken.extend({
  token: z.string().describe("Le secret, affiché une seule fois"),
  message: z.string(),
});
export const RAlertChannel = z.object({
  id: z.uuid(),
  kind: z.enum(["webhook", "slack", "teams"]),
  kind_label: z.string(),
  name: z.string(),
  url: z.string().describe("Adresse masquée (hôte et fin du chemin)"),
  signed: z.boolean().describe("Les messages portent X-VeillePrix-Signature (webhooks)"),
  created_at: iso,
});
export const RAlertChannelList = z.object({
  can_create: z.boolean(),
  replay_window_seconds: z.number().int(),
  channels: z.array(RAlertChannel),
});
export const RAlertChannelCreated = RAlertChannel.extend({
  secret: z.string().optional().describe("Secret de signature d'un webhook, affiché une seule fois"),
  message: z.string(),
});
export const RChannelDelivery = z.object({
  id: z.uuid(),
  channel_id: z.uuid(),
  test: z.boolean(),
  alert_event_id: z.uuid().nullable(),
  summary: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  http_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  next_attempt_at: iso.nullable(),
  sent_at: iso.nullable(),
  created_at: iso,
});
export const RChannelDeliveryList = z.object({ deliveries: z.array(RChannelDelivery) });
export const RPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(["freemium", "paid"]),
  price: z.number(),
  stripe_price_id: z.string().nullable(),
  limits: z.object({
    price_ht: z.number(),
    max_products: z.number().int().nullable(),
    max_urls_per_product: z.number().int().nullable(),
    history_retention_days: z.number().int().nullable(),
    has_automation: z.boolean(),
    has_email_alerts: z.boolean(),
  }),
});
export const RSubscription = z
  .object({ plan: RPlan, current_period_end: z.number().int().nullable(), subscription_plan_id: z.number().int() })
  .catchall(z.unknown());
export const RInvoice = z.object({
  id: z.string(),
  created: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  total: z.number().int(),
  status: z.string(),
  invoice_pdf: z.string().nullable(),
});
export const RTask = z
  .object({
    task_id: z.uuid(),
    status: z.enum(["pending", "processing", "completed", "failed", "cancelled", "retry"]),
    created_at: iso,
    retry_count: z.number().int(),
    metadata: z.object({ task_id: z.uuid() }).catchall(z.unknown()),
  })
  .catchall(z.unknown());
export const RAny = z.object({}).catchall(z.unknown());
const REvidenceReading = z.object({ reading_id: z.number().int().nullable(), at: iso, price: decimal });
export const RPriceFlag = z.object({
  id: z.uuid(),
  kind: z.enum(["suspect_promotion", "below_min_advertised"]),
  kind_label: z.string(),
  summary: z.string().describe("La preuve en une phrase, en français"),
  product_id: z.uuid(),
  product_name: z.string(),
  url_id: z.uuid(),
  url_name: z.string(),
  url: z.string(),
  reading_id: z.number().int().nullable().describe("Le relevé qui a ouvert le signalement"),
  evidence: z.union([
    z
      .object({
        currency: z.string(),
        regular_price: decimal.describe("Prix barré affiché par la page"),
        price: decimal,
        observed_at: iso,
        reduction_started: REvidenceReading.describe("Premier relevé de la réduction en cours"),
        window_from: iso,
        window_to: iso,
        lowest: REvidenceReading.describe("Prix le plus bas relevé dans les 30 jours avant la réduction"),
        readings_in_window: z.number().int(),
      })
      .describe("Promotion suspecte"),
    z
      .object({
        currency: z.string(),
        price: decimal,
        min_advertised_price: decimal,
        observed_at: iso,
        reading_id: z.number().int(),
      })
      .describe("Prix sous le prix minimum annoncé"),
  ]),
  created_at: iso,
  resolved_at: iso.nullable().describe("Relevé qui ne montre plus le constat ; null tant qu'il dure"),
  evidence_capture: z
    .object({
      id: z.uuid(),
      status: z.enum(["pending", "ready", "failed"]),
      error: z.string().nullable(),
      captured_at: iso.nullable(),
    })
    .nullable()
    .describe("Son dossier de preuve (capture d'écran et HTML de la page)"),
});
export const REvidence = z
  .object({
    id: z.uuid(),
    status: z.enum(["pending", "ready", "failed"]).describe("en cours, prêt, échec"),
    error: z.string().nullable().describe("Pourquoi la capture a échoué, en français"),
    reason: z.enum(["flag", "manual"]).describe("Capturé pour un signalement ou à la demande"),
    product_id: z.uuid(),
    url_id: z.uuid(),
    flag_id: z.uuid().nullable(),
    reading_id: z.number().int().nullable().describe("Le relevé auquel la capture se rapporte"),
    reading_at: iso.nullable(),
    url: z.string(),
    final_url: z.string().nullable().describe("Adresse finale après redirections"),
    http_status: z.number().int().nullable(),
    captured_at: iso.nullable(),
    screenshot_sha256: z.string().nullable(),
    html_sha256: z.string().nullable(),
    screenshot_bytes: z.number().int().nullable(),
    html_bytes: z.number().int().nullable(),
    stored_bytes: z.number().int().describe("Taille compressée (gzip) en base"),
    extracted: z
      .object({
        price: decimal.nullable(),
        regular_price: decimal.nullable().describe("Prix barré"),
        currency: z.string().nullable(),
        available: z.boolean().nullable(),
        title: z.string().nullable(),
        method: z.string().nullable(),
      })
      .nullable()
      .describe("Valeurs lues dans le HTML capturé"),
    created_at: iso,
    download_url: z.string().nullable(),
  })
  .describe("Dossier de preuve");
