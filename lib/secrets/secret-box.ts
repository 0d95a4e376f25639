// Secrets at rest (provider keys, proxy credentials): AES-256-GCM under a key derived (HKDF-SHA256) from
// SECRETS_KEY, else from the auth secret (NEXTAUTH_SECRET or the one generated for the embedded mode).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getAuthSecret } from "./get-auth-secret";
import { env } from "@/lib/env";

const VERSION = "v1";

function key(): Buffer {
  const material = env.SECRETS_KEY ?? getAuthSecret();
  return Buffer.from(hkdfSync("sha256", material, "veilleprix-secrets", "secret-box v1", 32));
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url); a new random IV every time. */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The plain secret; throws when the text was altered or sealed under another key. */
export function openSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Secret chiffré illisible");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** What the API may show of a secret: '••••' and its last 4 characters. */
export const maskSecret = (last4: string | null) => (last4 ? `••••${last4}` : null);
