import { getDb } from "@/db";
import { apiTokens } from "@/db/schema";
import type { TWorkspaceRole } from "@/lib/workspaces";
import { generateToken, hashToken } from "./tokens";

const SESSION_TTL_MS = 30 * 24 * 3600_000;

type TIssuer = { userId: string; workspaceId: string; role?: TWorkspaceRole };

/**
 * Issues a Bearer token acting in `workspaceId` with at most `role` (never more than its creator's role there);
 * only its hash is stored. Login tokens expire after 30 days, integration tokens never.
 */
export async function createAccessToken({ userId, workspaceId, role }: TIssuer, kind: "session" | "api", name = "") {
  const token = generateToken(kind === "api" ? "vpk" : "vps");
  const db = await getDb();
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId,
      workspaceId,
      role,
      kind,
      name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, 10),
      expiresAt: kind === "session" ? new Date(Date.now() + SESSION_TTL_MS) : null,
    })
    .returning({ id: apiTokens.id, expiresAt: apiTokens.expiresAt, createdAt: apiTokens.createdAt });
  return { token, ...row! };
}
