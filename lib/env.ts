import { isIP } from "node:net";
import { z } from "zod";

// The only module that reads process.env (DESIGN.md §3).
const bool = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

function isIpOrCidr(value: string): boolean {
  const [address = "", bits, ...rest] = value.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  APP_ENV: z.enum(["development", "test", "production"]).optional(),
  APP_URL: optionalString,
  DATABASE_URL: optionalString,
  PGLITE_DIR: z.string().default(".data/pglite"),
  NEXTAUTH_SECRET: optionalString,
  // encrypts stored secrets (provider keys, proxy credentials); the auth secret when unset
  SECRETS_KEY: optionalString,
  NEXTAUTH_URL: optionalString,
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalString,
  EMAIL_FROM: z.string().default("VeillePrix <alertes@veilleprix.fr>"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_PRICE_PROFESSIONNEL: optionalString,
  STRIPE_PRICE_ENTREPRISE: optionalString,
  INNGEST_EVENT_KEY: optionalString,
  INNGEST_SIGNING_KEY: optionalString,
  INNGEST_BASE_URL: optionalString,
  CHROMIUM_PATH: optionalString,
  SCRAPER_ALLOW_PRIVATE_HOSTS: bool,
  // set by Next.js itself ("phase-production-build" in the workers of `next build`)
  NEXT_PHASE: optionalString,
  SCRAPER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  // politeness per merchant host, across every runner (a host's row of host_politeness may override them)
  SCRAPER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SCRAPER_HOST_SPACING_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  JOBS_DISABLED: bool,
  RATE_LIMIT_DISABLED: bool,
  DEV_OUTBOX: bool,
  BILLING_DEMO: bool,
  INNGEST_DEV: bool,
  // the integration tests' cheap password hashes (tests/helpers/integration-setup.ts): honoured under NODE_ENV=test only
  TEST_FAST_PASSWORD_HASH: bool,
  // proxies whose X-Forwarded-For is believed: IPs or CIDRs, separated by commas or spaces
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) => (v ?? "").split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().refine(isIpOrCidr))),
  VERCEL: bool,
  COMPANY_NAME: z.string().default("VeillePrix SAS"),
  COMPANY_EMAIL: z.string().default("contact@veilleprix.fr"),
  COMPANY_PHONE: z.string().default("+33 1 23 45 67 89"),
  COMPANY_ADDRESS: z.string().default("10 rue de la Paix, 75002 Paris, France"),
  COMPANY_SIREN: z.string().default("000 000 000"),
  COMPANY_HOST: z.string().default("Hébergeur à renseigner (nom, adresse, téléphone)"),
});

function parseEnv() {
  const parsed = ZEnv.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`Configuration invalide : ${names}`);
  }
  const raw = parsed.data;
  const appEnv = raw.APP_ENV ?? (raw.NODE_ENV === "test" ? "test" : "development");
  const isProduction = appEnv === "production";
  const configuredUrl = raw.APP_URL ?? raw.NEXTAUTH_URL;
  return {
    ...raw,
    appEnv,
    isProduction,
    /** The public URL; unset, the local server on its own port (Next sets PORT once it listens: `-p 3001`). */
    get appUrl() {
      return (configuredUrl ?? `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
    },
    embeddedDb: !raw.DATABASE_URL,
    /** /dev/outbox is a development tool: off in any production build unless the operator sets DEV_OUTBOX=1 */
    devOutbox: raw.DEV_OUTBOX || (raw.NODE_ENV !== "production" && !isProduction),
    buildPhase: raw.NEXT_PHASE === "phase-production-build",
    inngestEnabled: Boolean(raw.INNGEST_EVENT_KEY && raw.INNGEST_SIGNING_KEY),
    stripeEnabled: Boolean(raw.STRIPE_SECRET_KEY),
    resendEnabled: Boolean(raw.RESEND_API_KEY),
    fastPasswordHash: raw.NODE_ENV === "test" && raw.TEST_FAST_PASSWORD_HASH,
  };
}

export type TEnv = ReturnType<typeof parseEnv>;

export const env: TEnv = parseEnv();

// without Resend, production could not deliver a single e-mail (the outbox page is off in production)
const PRODUCTION_REQUIRED = ["NEXTAUTH_SECRET", "DATABASE_URL", "APP_URL", "RESEND_API_KEY"] as const;

/** Throws, naming every missing variable, when production runs without its configuration. Called at start. */
export function assertProductionEnv(current: TEnv = env): void {
  if (!current.isProduction) return;
  const missing = PRODUCTION_REQUIRED.filter((name) => !current[name]);
  if (current.STRIPE_SECRET_KEY && !current.STRIPE_WEBHOOK_SECRET) missing.push("STRIPE_WEBHOOK_SECRET" as never);
  if (missing.length > 0) {
    throw new Error(`Variable d'environnement manquante en production : ${missing.join(", ")}`);
  }
}
