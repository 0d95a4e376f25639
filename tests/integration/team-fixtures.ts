import { and, desc, eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { POST as invite } from "@/app/api/workspaces/current/invitations/route";
import { POST as accept } from "@/app/api/invitations/accept/route";
import { POST as login } from "@/app/api/auth/login/route";
import { authOptions } from "@/lib/http/auth-options";
import { getAuthSecret } from "@/lib/secrets/get-auth-secret";
import { call, type signUp } from "../helpers/api";

export type TSignUp = Awaited<ReturnType<typeof signUp>>;

/** The secret of the newest invitation link mailed to `email` (read in the outbox, as the invitee would). */
export async function invitationToken(email: string): Promise<string> {
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "workspace_invitation")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /invitation#token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`aucune invitation pour ${email}`);
  return decodeURIComponent(token);
}

/**
 * `owner` invites `member` with `role`, `member` accepts with their login token, then signs in again: the login
 * token returned acts in the workspace joined (a login token keeps the workspace it was issued for).
 */
export async function join(owner: TSignUp, member: TSignUp, role: "owner" | "editor" | "reader"): Promise<string> {
  const sent = await call(invite, "/x", { token: owner.token, body: { email: member.account.email, role } });
  if (sent.status !== 201) throw new Error(`invitation impossible: ${sent.status} ${sent.text}`);
  const res = await call(accept, "/x", {
    token: member.token,
    body: { token: await invitationToken(member.account.email) },
  });
  if (res.status !== 200) throw new Error(`acceptation impossible: ${res.status} ${res.text}`);
  const relog = await call<{ access_token: string }>(login, "/x", {
    body: { email: member.account.email, password: member.account.password },
  });
  return relog.json.access_token;
}

/** A browser session cookie the way next-auth makes one at sign-in (a sessions row behind its `sid`). */
export async function browserCookie(who: TSignUp): Promise<string> {
  const user = { id: who.userId, email: who.account.email, firstName: "C", lastName: "D" };
  const token = await authOptions.callbacks!.jwt!({
    token: { sub: who.userId, email: who.account.email },
    user,
    account: null,
    trigger: "signIn",
  } as never);
  return `next-auth.session-token=${await encode({ token, secret: getAuthSecret() })}`;
}
