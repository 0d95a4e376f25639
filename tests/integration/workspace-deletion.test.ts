// Deleting a workspace: owner only, its name typed as confirmation, never a user's last workspace, never while a
// paid subscription still renews; everything it owns goes; its members fall back to another workspace.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteCurrent, POST as switchTo } from "@/app/api/workspaces/current/route";
import { GET as listWorkspaces, POST as createWorkspace } from "@/app/api/workspaces/route";
import { getDb } from "@/db";
import { products, subscriptions, workspaceMembers, workspaces } from "@/db/schema";
import { WORKSPACE_MSG } from "@/lib/workspaces/schemas";
import { call, signUp } from "../helpers/api";
import { addMember, tokenIn } from "../helpers/workspaces";
import { makeProduct, setPlan } from "./alerts-fixtures";

beforeAll(async () => {
  await getDb();
}, 180_000);

/** A second workspace created by `who`, opened by a token acting in it. */
async function secondWorkspace(who: Awaited<ReturnType<typeof signUp>>, name: string) {
  const created = await call(createWorkspace, "/api/workspaces", { token: who.token, body: { name } });
  expect(created.status).toBe(201);
  return { id: created.json.id as string, token: await tokenIn(created.json.id, who.userId) };
}

describe("deleting a workspace", () => {
  it("takes the typed name, removes everything it owns, and leaves each member a workspace", async () => {
    const owner = await signUp();
    const editor = await signUp();
    const newcomer = await signUp();
    const team = await secondWorkspace(owner, "Équipe prix");
    expect(team.id).not.toBe(owner.workspaceId);
    await addMember(team.id, editor.userId, "editor");
    await addMember(team.id, newcomer.userId, "reader");
    const db = await getDb();
    // the newcomer's only workspace is the team's
    await db.delete(workspaces).where(eq(workspaces.id, newcomer.workspaceId));
    const { productId } = await makeProduct(team.id);

    const wrong = await call(deleteCurrent, "/x", { method: "DELETE", token: team.token, body: { name: "Équipe" } });
    expect([wrong.status, wrong.json.detail]).toEqual([422, WORKSPACE_MSG.nameMismatch]);
    const byEditor = await call(deleteCurrent, "/x", {
      method: "DELETE",
      token: await tokenIn(team.id, editor.userId),
      body: { name: "Équipe prix" },
    });
    expect(byEditor.status).toBe(403);

    const done = await call(deleteCurrent, "/x", {
      method: "DELETE",
      token: team.token,
      body: { name: "Équipe prix" },
    });
    expect([done.status, done.json.message]).toEqual([200, WORKSPACE_MSG.deleted("Équipe prix")]);
    expect(await db.select().from(workspaces).where(eq(workspaces.id, team.id))).toEqual([]);
    expect(await db.select().from(products).where(eq(products.id, productId))).toEqual([]);
    const newcomerWorkspaces = await db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, newcomer.userId));
    expect(newcomerWorkspaces).toEqual([{ role: "owner" }]);
    const editorList = await call(listWorkspaces, "/api/workspaces", { token: editor.token });
    expect(editorList.json.workspaces.map((w: { id: string }) => w.id)).toEqual([editor.workspaceId]);
    // the switch to the gone workspace is a 404, like any workspace one is not a member of
    const back = await call(switchTo, "/x", { token: owner.token, body: { workspaceId: team.id } });
    expect(back.status).toBe(404);
  });

  it("is refused for the owner's last workspace and while a paid subscription renews", async () => {
    const owner = await signUp();
    const only = await call(deleteCurrent, "/x", {
      method: "DELETE",
      token: owner.token,
      body: { name: await nameOf(owner.workspaceId) },
    });
    expect([only.status, only.json.detail]).toEqual([409, WORKSPACE_MSG.lastWorkspace]);

    const paid = await secondWorkspace(owner, "Boutique payante");
    await setPlan(paid.id, "professionnel");
    const refused = await call(deleteCurrent, "/x", {
      method: "DELETE",
      token: paid.token,
      body: { name: "Boutique payante" },
    });
    expect([refused.status, refused.json.detail]).toEqual([409, WORKSPACE_MSG.subscriptionActive]);
    const db = await getDb();
    await db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.workspaceId, paid.id));
    const done = await call(deleteCurrent, "/x", {
      method: "DELETE",
      token: paid.token,
      body: { name: "Boutique payante" },
    });
    expect(done.status).toBe(200);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, paid.id))).toEqual([]);
  });
});

async function nameOf(workspaceId: string) {
  const db = await getDb();
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row!.name;
}
