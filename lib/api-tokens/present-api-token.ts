import type { apiTokens } from "@/db/schema";

type Row = Pick<typeof apiTokens.$inferSelect, "id" | "name" | "prefix" | "createdAt" | "lastUsedAt" | "revokedAt">;

/** An integration token as the API shows it: never the secret nor its hash. */
export function presentApiToken(row: Row) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    revoked_at: row.revokedAt ? row.revokedAt.toISOString() : null,
  };
}
