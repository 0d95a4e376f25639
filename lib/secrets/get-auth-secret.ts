import { randomBytes } from "node:crypto";
import path from "node:path";
import { env } from "@/lib/env";
import { readOrCreateSecret } from "./read-or-create-secret";

const store = globalThis as unknown as { __veilleprixAuthSecret?: string };

/**
 * The key that signs sessions, unsubscribe links and demo checkouts: NEXTAUTH_SECRET, or else a random one
 * generated once and kept next to the embedded database folder (`.data/auth-secret` by default; in memory
 * for `memory://` and under tests). Never a constant of the source.
 */
export function getAuthSecret(): string {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  if (!store.__veilleprixAuthSecret) {
    const inMemory = env.PGLITE_DIR.startsWith("memory://") || env.appEnv === "test";
    store.__veilleprixAuthSecret = inMemory
      ? randomBytes(48).toString("base64url")
      : readOrCreateSecret(path.join(path.dirname(path.resolve(env.PGLITE_DIR)), "auth-secret"));
  }
  return store.__veilleprixAuthSecret;
}
