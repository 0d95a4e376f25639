import type { MetadataRoute } from "next";
import { env } from "@/lib/env";

// Rendered per request: APP_URL is read at run time, not frozen at build time.
export const dynamic = "force-dynamic";

type Entry = {
  path: string;
  priority: number;
  changeFrequency: "weekly" | "monthly" | "yearly";
  lastModified?: string;
};

// The public pages only; the legal dates are those printed on the pages.
const SITEMAP_ENTRIES: Entry[] = [
  { path: "/", priority: 1, changeFrequency: "weekly" },
  { path: "/pricing", priority: 0.9, changeFrequency: "monthly" },
  { path: "/contact", priority: 0.6, changeFrequency: "yearly" },
  { path: "/legal/terms", priority: 0.3, changeFrequency: "yearly", lastModified: "2025-05-13" },
  { path: "/legal/privacy", priority: 0.3, changeFrequency: "yearly", lastModified: "2025-05-13" },
  { path: "/legal/cookies", priority: 0.3, changeFrequency: "yearly", lastModified: "2025-05-13" },
  { path: "/legal/mentions", priority: 0.3, changeFrequency: "yearly" },
];

export default function sitemap(): MetadataRoute.Sitemap {
  return SITEMAP_ENTRIES.map((e) => ({
    url: e.path === "/" ? env.appUrl : `${env.appUrl}${e.path}`,
    changeFrequency: e.changeFrequency,
    priority: e.priority,
    ...(e.lastModified ? { lastModified: e.lastModified } : {}),
  }));
}
