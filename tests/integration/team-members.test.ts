import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiTokens, auditEvents } from "@/db/schema";
import { GET as me } from "@/app/api/auth/me/route";
import { GET as getProduct, PUT as putProduct } from "@/app/api/products/[id]/route";
import { POST as createToken } from "@/app/api/tokens/route";
import { DELETE as removeMember, PATCH as changeRole } from "@/app/api/workspaces/current/members/[userId]/route";
import { GET as team } from "@/app/api/workspaces/current/members/route";
import { call, signUp } from "../helpers/api";
import { seedProduct, subscribe } from "./history-fixtures";
import { browserCookie, join } from "./team-fixtures";

const setRole = (token: string, userId: string, role: string) =>
  call(changeRole, "/x", { method: "PATCH", token, params: { userId }, body: { role } });
const remove = (token: string, userId: string) =>
  call(removeMember, "/x", { method: "DELETE", token, params: { userId } });
const LAST_OWNER = "Cet espace doit garder au moins un propriétaire : nommez d'abord un autre propriétaire.";

describe("members", () => {
  it("the last owner can neither leave nor be demoted; once another owner is named, they can", async () => {
    const owner = await signUp();
    await subscribe(owner.workspaceId, "entreprise");
    const editor = await signUp();
    const editorToken = await join(owner, editor, "editor");
    const leave = await remove(owner.token, owner.userId);
    expect(leave.status).toBe(409);
    expect(leave.json.detail).toBe(LAST_OWNER);
    expect((await setRole(owner.token, owner.userId, "editor")).json.detail).toBe(LAST_OWNER);
    expect((await setRole(editorToken, editor.userId, "owner")).json.code).toBe("forbidden_role");
    expect((await setRole(owner.token, editor.userId, "admin")).status).toBe(422);
    expect((await setRole(owner.token, "00000000-0000-4000-8000-000000000000", "reader")).status).toBe(404);
    expect((await setRole(owner.token, editor.userId, "owner")).status).toBe(200);
    // two owners demoting each other at once: one stays owner
    const both = await Promise.all([
      setRole(owner.token, editor.userId, "reader"),
      setRole(editorToken, owner.userId, "reader"),
    ]);
    // the loser is refused either as the last owner (409) or, when the other's demotion committed before its
    // request was authenticated, as a Lecteur (403): never both demoted
    const statuses = both.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const listed = (await call(team, "/x", { token: owner.token })).json.members;
    expect(listed.filter((m: { role: string }) => m.role === "owner")).toHaveLength(1);
  });

  it("a removed member loses the workspace at once: live cookie and live token", async () => {
    const owner = await signUp();
    await subscribe(owner.workspaceId, "professionnel");
    const product = await seedProduct(owner.workspaceId, "Machine à café");
    const editor = await signUp();
    const editorToken = await join(owner, editor, "editor");
    const cookie = { headers: { cookie: await browserCookie(editor) } };
    const integration = await call(createToken, "/x", { token: editorToken, body: { name: "ERP" } });
    expect(integration.status, integration.text).toBe(201);
    const apiToken = integration.json.token as string;
    for (const auth of [{ token: editorToken }, { token: apiToken }, cookie]) {
      expect((await call(getProduct, "/x", { ...auth, params: { id: product.id } })).status).toBe(200);
    }
    expect((await remove(editorToken, owner.userId)).json.code).toBe("forbidden_role");
    expect((await remove(owner.token, editor.userId)).status).toBe(200);
    expect((await call(getProduct, "/x", { token: editorToken, params: { id: product.id } })).status).toBe(401);
    expect((await call(getProduct, "/x", { token: apiToken, params: { id: product.id } })).status).toBe(401);
    // the browser session falls back to the editor's own workspace, where the product does not exist
    expect((await call(getProduct, "/x", { ...cookie, params: { id: product.id } })).status).toBe(404);
    const put = await call(putProduct, "/x", {
      ...cookie,
      method: "PUT",
      params: { id: product.id },
      body: { name: "Pris" },
    });
    expect(put.status).toBe(404);
    expect((await call(me, "/x", cookie)).status).toBe(200);
    const db = await getDb();
    const tokens = await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, editor.userId), eq(apiTokens.workspaceId, owner.workspaceId)));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.filter((t) => t.revokedAt === null)).toEqual([]);
    expect((await remove(owner.token, editor.userId)).status).toBe(404);
  });

  it("a reader may leave; the audit log records invitations, roles and departures with their actor", async () => {
    const owner = await signUp();
    await subscribe(owner.workspaceId, "entreprise");
    const reader = await signUp();
    const readerToken = await join(owner, reader, "reader");
    expect((await remove(readerToken, reader.userId)).status).toBe(200);
    expect((await call(me, "/x", { token: readerToken })).status).toBe(401);
    const db = await getDb();
    const events = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, owner.workspaceId))
      .orderBy(auditEvents.createdAt);
    expect(events.map((e) => [e.action, e.actorId])).toEqual([
      ["invitation.create", owner.userId],
      ["invitation.accept", reader.userId],
      ["member.leave", reader.userId],
    ]);
    expect(events[0]!.summary).toEqual({ email: reader.account.email, role: "reader" });
  });
});
