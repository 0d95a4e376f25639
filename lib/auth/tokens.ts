import { createHash, randomBytes } from "node:crypto";

/** A random opaque token (base64url, 256 bits) with a readable prefix. */
export function generateToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString("base64url")}`;
}

/** Tokens are stored as their SHA-256 only. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
