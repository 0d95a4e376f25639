import { describe, expect, it } from "vitest";
import { assertProductionEnv, env, type TEnv } from "@/lib/env";

const prod = (patch: Partial<TEnv>): TEnv => ({ ...env, isProduction: true, appEnv: "production", ...patch });

describe("assertProductionEnv", () => {
  it("names every missing production secret", () => {
    expect(() =>
      assertProductionEnv(
        prod({ NEXTAUTH_SECRET: undefined, DATABASE_URL: undefined, APP_URL: "https://x.fr", RESEND_API_KEY: "re" }),
      ),
    ).toThrow("Variable d'environnement manquante en production : NEXTAUTH_SECRET, DATABASE_URL");
    expect(() =>
      assertProductionEnv(
        prod({ NEXTAUTH_SECRET: undefined, DATABASE_URL: undefined, APP_URL: undefined, RESEND_API_KEY: undefined }),
      ),
    ).toThrow(
      "Variable d'environnement manquante en production : NEXTAUTH_SECRET, DATABASE_URL, APP_URL, RESEND_API_KEY",
    );
    expect(() =>
      assertProductionEnv(
        prod({
          NEXTAUTH_SECRET: "s",
          DATABASE_URL: "postgres://x",
          APP_URL: "https://x.fr",
          RESEND_API_KEY: "re",
          STRIPE_SECRET_KEY: "sk",
          STRIPE_WEBHOOK_SECRET: undefined,
        }),
      ),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("accepts a complete production configuration and anything outside production", () => {
    expect(() =>
      assertProductionEnv(
        prod({ NEXTAUTH_SECRET: "s", DATABASE_URL: "postgres://x", APP_URL: "https://x.fr", RESEND_API_KEY: "re" }),
      ),
    ).not.toThrow();
    expect(() => assertProductionEnv({ ...env, isProduction: false, NEXTAUTH_SECRET: undefined })).not.toThrow();
  });
});

describe("env.appUrl", () => {
  it("is the local server on its own port when no public URL is set", () => {
    expect(env.APP_URL ?? env.NEXTAUTH_URL).toBeUndefined();
    const port = process.env.PORT;
    try {
      process.env.PORT = "3100";
      expect(env.appUrl).toBe("http://localhost:3100");
      delete process.env.PORT;
      expect(env.appUrl).toBe("http://localhost:3000");
    } finally {
      if (port === undefined) delete process.env.PORT;
      else process.env.PORT = port;
    }
  });
});
