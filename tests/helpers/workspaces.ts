// Workspace membership written straight into the database (the invitations come later), and the credentials
// a member uses in a workspace.
import { and, eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { getDb } from "@/db";
import { workspaceMembers } from "@/db/schema";
import { authOptions } from "@/lib/http/auth-options";
import { createAccessToken } from "@/lib/auth/create-access-token";
import { getAuthSecret } from "@/lib/secrets/get-auth-secret";
import type { TWorkspaceRole } from "@/lib/workspaces/roles";

type TWho = { userId: string; account: { email: string } };

export async function addMember(workspaceId: string, userId: string, role: TWorkspaceRole) {
  const db = await getDb();
  await db
    .insert(workspaceMembers)
    .values({ workspaceId, userId, role })
    .onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.userId], set: { role } });
}

export async function removeMember(workspaceId: string, userId: string) {
  const db = await getDb();
  await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

/** A login token of `userId` acting in `workspaceId` (with at most `role`), as /api/auth/login issues one. */
export async function tokenIn(workspaceId: string, userId: string, role?: TWorkspaceRole) {
  return (await createAccessToken({ userId, workspaceId, role }, "session", "login")).token;
}

/** A browser sign-in the way next-auth does it: the jwt callback on sign-in, then the encoded cookie. */
export async function browserSession(who: TWho): Promise<string> {
  const user = { id: who.userId, email: who.account.email, firstName: "C", lastName: "D" };
  const token = await authOptions.callbacks!.jwt!({
    token: { sub: who.userId, email: who.account.email },
    user,
    account: null,
    trigger: "signIn",
  } as never);
  const jwt = await encode({ token, secret: getAuthSecret() });
  return `next-auth.session-token=${jwt}`;
}
