import { networkInterfaces } from "node:os";
import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants";

/**
 * The hosts besides localhost whose pages may load the dev server's scripts and hot reload: 127.0.0.1, ::1 and
 * this machine's own addresses (the "Network" address `next dev` prints). Production never reads it.
 */
export function devOrigins(): string[] {
  const own = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && i.family === "IPv4")
    .map((i) => i!.address);
  return [...new Set(["127.0.0.1", "[::1]", ...own])];
}

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const nextConfig: NextConfig = {
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "puppeteer-core",
    "@sparticuz/chromium",
    "exceljs",
  ],
  poweredByHeader: false,
  // Turbopack writes its build cache to .next/cache by default: CI builds once in a fresh clone and never reads it
  // (measured 2026-11-27: 108.6 s of processor time and 198 MB without it, 134.4 s and 460 MB with it)
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // .ci/run type-checks once, with `tsc --noEmit` after the build (the build's route types included)
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // on every answer, static files, API and error pages included (CSP and HSTS: proxy.ts)
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
      // what proxy.ts sets on every API answer, for the requests with a body that it does not see
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_POLICY }] },
    ];
  },
  async rewrites() {
    // The old client calls /api/api/payments/...; served by the single /api/payments implementation.
    return [{ source: "/api/api/payments/:path*", destination: "/api/payments/:path*" }];
  },
};

export default function config(phase: string): NextConfig {
  return phase === PHASE_DEVELOPMENT_SERVER ? { ...nextConfig, allowedDevOrigins: devOrigins() } : nextConfig;
}
