import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "puppeteer-core", "@sparticuz/chromium", "exceljs"],
  poweredByHeader: false,
  distDir: process.env.NEXT_DIST_DIR || ".next",
  async rewrites() {
    // The old client calls /api/api/payments/...; served by the single /api/payments implementation.
    return [{ source: "/api/api/payments/:path*", destination: "/api/payments/:path*" }];
  },
};

export default nextConfig;
