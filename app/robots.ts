import type { MetadataRoute } from "next";
import { env } from "@/lib/env";

// Rendered per request: APP_URL is read at run time, not frozen at build time.
export const dynamic = "force-dynamic";

/** Public pages are indexable; the API and every signed-in area are not. */
const PRIVATE_PATHS = [
  "/api",
  "/dashboard",
  "/products",
  "/subscriptions",
  "/payment-success",
  "/dev",
  "/team",
  "/invitation",
];

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: PRIVATE_PATHS }],
    sitemap: `${env.appUrl}/sitemap.xml`,
  };
}
