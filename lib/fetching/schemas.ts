import { z } from "zod";
import { FETCH_PROVIDERS, SHOP_STRATEGIES } from "@/db/schema";

export const ACCESS_MSG = {
  provider: "Fournisseur inconnu",
  key: "La clé du fournisseur doit faire entre 8 et 512 caractères",
  keyRequired: "La clé du fournisseur est obligatoire",
  zoneRequired: "La zone Bright Data est obligatoire",
  endpoint: "L'adresse du fournisseur doit commencer par https://",
  proxy: "Chaque proxy doit être une adresse http:// ou https:// (hôte:port, identifiants facultatifs)",
  proxies: "50 proxies au plus",
  cap: "Le plafond mensuel doit être un nombre de crédits entre 0 et 10 000 000",
  host: "Boutique invalide : indiquez son nom de domaine (ex. boutique.fr)",
  strategy: "Stratégie inconnue",
  saved: "Accès aux sites enregistré",
} as const;

const proxyUrl = z
  .string({ error: ACCESS_MSG.proxy })
  .trim()
  .max(2048, ACCESS_MSG.proxy)
  .refine((v) => {
    if (!URL.canParse(v)) return false;
    const u = new URL(v);
    return (
      (u.protocol === "http:" || u.protocol === "https:") &&
      !!u.hostname &&
      (u.pathname === "/" || u.pathname === "") &&
      !u.search &&
      !u.hash
    );
  }, ACCESS_MSG.proxy);

/** PUT /api/access: an omitted key or proxy list keeps the stored one (they are never sent back). */
export const ZAccessSettings = z
  .object({
    provider: z.enum(FETCH_PROVIDERS, { error: ACCESS_MSG.provider }).nullable(),
    providerKey: z.string({ error: ACCESS_MSG.key }).trim().min(8, ACCESS_MSG.key).max(512, ACCESS_MSG.key).optional(),
    providerZone: z.string().trim().max(100).nullable().optional(),
    providerEndpoint: z
      .string({ error: ACCESS_MSG.endpoint })
      .trim()
      .max(2048)
      .refine((v) => URL.canParse(v) && new URL(v).protocol === "https:", ACCESS_MSG.endpoint)
      .nullable()
      .optional(),
    proxies: z.array(proxyUrl, { error: ACCESS_MSG.proxy }).max(50, ACCESS_MSG.proxies).optional(),
    monthlyCap: z.number({ error: ACCESS_MSG.cap }).min(0, ACCESS_MSG.cap).max(10_000_000, ACCESS_MSG.cap),
  })
  .refine((v) => v.provider !== "brightdata" || !!v.providerZone, {
    message: ACCESS_MSG.zoneRequired,
    path: ["providerZone"],
  });
export type TAccessSettings = z.input<typeof ZAccessSettings>;

export const ZShopStrategy = z.object({
  host: z
    .string({ error: ACCESS_MSG.host })
    .trim()
    .toLowerCase()
    .max(253, ACCESS_MSG.host)
    .regex(/^(?!-)[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})+$/, ACCESS_MSG.host)
    .transform((h) => h.replace(/^www\./, "")),
  strategy: z.enum(SHOP_STRATEGIES, { error: ACCESS_MSG.strategy }),
  stickyProxy: z.boolean().optional(),
});
export type TShopStrategy = z.input<typeof ZShopStrategy>;

/** The scraping APIs' names as the access settings show them. */
export const PROVIDER_NAMES: Record<(typeof FETCH_PROVIDERS)[number], string> = {
  zyte: "Zyte API",
  scrapingbee: "ScrapingBee",
  scraperapi: "ScraperAPI",
  brightdata: "Bright Data Web Unlocker",
};
