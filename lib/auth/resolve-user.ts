import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { type DbLike, getDb } from "@/db";
import { prepared } from "@/db/prepared";
import { apiTokens, plans, sessions, subscriptions, users, workspaceMembers } from "@/db/schema";
import { rememberWorkspacePlan } from "@/lib/billing";
import { getAuthSecret } from "@/lib/secrets";
import { AppError } from "@/lib/errors/app-error";
import { hashToken } from "./tokens";
import { isUuid } from "@/lib/core/is-uuid";
import { lowerRole, type TWorkspaceRole } from "@/lib/workspaces";

export type TAuthUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  createdAt: Date;
  /** the owner followed the verification link sent to `email`: alerts, reports and the outbox reach it */
  emailVerified: boolean;
  /** the workspace this request acts in (every owned row is scoped by it) and the user's role there */
  workspaceId: string;
  role: TWorkspaceRole;
  via: "session" | "token";
  tokenKind?: "session" | "api";
  /** the credential of this request: a browser session row, or an access token row */
  sessionId?: string;
  tokenId?: string;
};

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: users.roles,
  createdAt: users.createdAt,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.mapWith(Boolean),
};

export function bearerToken(headers: Headers): string | null {
  const header = headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

const accessTokenQuery = (db: DbLike) =>
  db
    .select({
      ...userColumns,
      tokenId: apiTokens.id,
      kind: apiTokens.kind,
      workspaceId: apiTokens.workspaceId,
      tokenRole: apiTokens.role,
      memberRole: workspaceMembers.role,
      lastUsedAt: apiTokens.lastUsedAt,
      sub: subscriptions,
      plan: plans,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    // the creator must still be a member: a removed member's tokens stop at once
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, apiTokens.workspaceId), eq(workspaceMembers.userId, apiTokens.userId)),
    )
    .leftJoin(subscriptions, eq(subscriptions.workspaceId, apiTokens.workspaceId))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder("hash")),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql.placeholder("now"))),
      ),
    )
    .limit(1)
    .prepare("user_from_access_token");

/**
 * The user behind an access token (login or integration), or null, with its workspace's plan in the same query
 * (remembered for the rest of a read-only request). The token acts in its workspace with the lower of its own
 * role and its creator's current one. Touches last_used_at at most once a minute.
 */
export async function userFromAccessToken(token: string): Promise<TAuthUser | null> {
  const db = await getDb();
  const now = new Date();
  const [row] = await prepared(db, "user_from_access_token", accessTokenQuery).execute({
    hash: hashToken(token),
    now: now.toISOString(),
  });
  if (!row) return null;
  // integration tokens follow the plan: a downgrade without automation suspends them (not revoked)
  if (row.kind === "api" && !(await rememberWorkspacePlan(row.workspaceId, row, db)).hasAutomation) {
    throw new AppError("api_access_suspended");
  }
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, row.tokenId));
  }
  const { kind, lastUsedAt: _l, sub: _s, plan: _p, tokenRole, memberRole, ...user } = row;
  return { ...user, role: lowerRole(tokenRole, memberRole), via: "token", tokenKind: kind };
}

/**
 * The workspace a session acts in, among the user's memberships: the one the session chose, else the user's
 * last one, else one they own, else any (a workspace they left is never picked).
 */
const currentMembership = (db: DbLike) =>
  db
    .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, users.id))
    .orderBy(
      sql`(${workspaceMembers.workspaceId} = ${sessions.workspaceId}) is true desc`,
      sql`(${workspaceMembers.workspaceId} = ${users.lastWorkspaceId}) is true desc`,
      sql`(${workspaceMembers.role} = 'owner') desc`,
      workspaceMembers.createdAt,
    )
    .limit(1)
    .as("current_membership");

const sessionQuery = (db: DbLike) => {
  const current = currentMembership(db);
  return db
    .select({ ...userColumns, sessionId: sessions.id, workspaceId: current.workspaceId, role: current.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoinLateral(current, sql`true`)
    .where(
      and(
        eq(sessions.id, sql.placeholder("sid")),
        eq(sessions.userId, sql.placeholder("sub")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare("user_from_session");
};

/**
 * The signed-in user of a request and the workspace it acts in: Bearer access token first, then the next-auth
 * session cookie, whose `sid` must name a live session row (sign-out and password changes revoke it). One
 * query, no write.
 */
export async function resolveUser(req: NextRequest): Promise<TAuthUser | null> {
  const bearer = bearerToken(req.headers);
  if (bearer) return userFromAccessToken(bearer);
  const jwt = await getToken({ req, secret: getAuthSecret() });
  if (!jwt?.sub || !isUuid(jwt.sid)) return null;
  const db = await getDb();
  const [row] = await prepared(db, "user_from_session", sessionQuery).execute({ sid: jwt.sid, sub: jwt.sub });
  if (!row) return null;
  return { ...row, via: "session" };
}
