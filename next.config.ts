import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "puppeteer-core",
    "@sparticuz/chromium",
    "exceljs",
  ],
  poweredByHeader: false,
  distDir: process.env.NEXT_DIST_DIR || ".next",
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
    ];
  },
  async rewrites() {
    // The old client calls /api/api/payments/...; served by the single /api/payments implementation.
    return [{ source: "/api/api/payments/:path*", destination: "/api/payments/:path*" }];
  },
};

export default nextConfig;
