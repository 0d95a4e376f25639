import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents } from "@/db/schema";
import { POST as createChannel } from "@/app/api/alert-channels/route";
import { POST as createRule } from "@/app/api/products/[id]/alerts/route";
import { DELETE as deleteProduct, PUT as putProduct } from "@/app/api/products/[id]/route";
import { DELETE as deleteUrl } from "@/app/api/products/[id]/urls/[urlId]/route";
import { POST as addUrl } from "@/app/api/products/[id]/urls/route";
import { POST as createProduct } from "@/app/api/products/route";
import { GET as auditCsv } from "@/app/api/workspaces/current/audit.csv/route";
import { GET as audit } from "@/app/api/workspaces/current/audit/route";
import { purgeAuditEvents } from "@/lib/workers/definitions/purge-audit-events";
import { call, signUp } from "../helpers/api";
import { subscribe } from "./history-fixtures";
import { join } from "./team-fixtures";

const from = { "x-forwarded-for": "203.0.113.7", "user-agent": "Navigateur de test" };

describe("audit log", () => {
  it("records who changed products, URLs, rules and channels, from where; owners read and export it", async () => {
    const owner = await signUp();
    await subscribe(owner.workspaceId, "professionnel");
    const editor = await signUp();
    const editorToken = await join(owner, editor, "editor");
    const as = { token: editorToken, headers: from };
    const product = await call(createProduct, "/x", { ...as, body: { name: "Grille-pain", urls: [] } });
    expect(product.status, product.text).toBe(201);
    const id = product.json.id as string;
    await call(putProduct, "/x", { ...as, method: "PUT", params: { id }, body: { name: "Grille-pain inox" } });
    const url = await call(addUrl, "/x", {
      ...as,
      params: { id },
      body: { name: "Marchand", url: "https://marchand.example/p/1", tracking_frequency: "daily" },
    });
    expect(url.status, url.text).toBe(201);
    await call(deleteUrl, "/x", { ...as, method: "DELETE", params: { id, urlId: url.json.id } });
    const rule = await call(createRule, "/x", {
      ...as,
      params: { id },
      body: { kind: "drop", threshold_percent: "5" },
    });
    expect(rule.status, rule.text).toBe(201);
    const channel = await call(createChannel, "/x", {
      ...as,
      body: { kind: "webhook", name: "Équipe prix", url: "http://127.0.0.1:9/hook" },
    });
    expect(channel.status, channel.text).toBe(201);
    await call(deleteProduct, "/x", { ...as, method: "DELETE", params: { id } });

    const page = await call(audit, "/x", { token: owner.token });
    expect(page.status).toBe(200);
    const actions = page.json.events.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 6)).toEqual([
      "product.delete",
      "channel.create",
      "alert_rule.create",
      "url.delete",
      "url.create",
      "product.update",
    ]);
    const mine = page.json.events.filter((e: { actor_email: string }) => e.actor_email === editor.account.email);
    expect(mine.length).toBeGreaterThanOrEqual(6);
    expect(mine[0]).toMatchObject({
      ip: "203.0.113.7",
      user_agent: "Navigateur de test",
      summary: { name: "Grille-pain inox" },
    });
    expect((await call(audit, "/x", { token: editorToken })).status).toBe(403);
    expect((await call(audit, "/x", { token: owner.token, query: { page: "0" } })).status).toBe(422);

    const csv = await call(auditCsv, "/x", { token: owner.token });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text).toContain("Date;Auteur;Action;Objet");
    expect(csv.text).toContain("product.delete");
    expect(csv.text).toContain(editor.account.email);
    expect((await call(auditCsv, "/x", { token: editorToken })).status).toBe(403);
  });

  it("a failed change records nothing, and the daily purge keeps each plan's retention", async () => {
    const owner = await signUp();
    const db = await getDb();
    const refused = await call(createProduct, "/x", {
      token: owner.token,
      body: { name: "X", urls: [{ name: "A", url: "https://a.example/1", tracking_frequency: "hourly" }] },
    });
    expect(refused.status).toBe(403);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.workspaceId, owner.workspaceId))).toEqual([]);
    const old = (days: number) => ({
      workspaceId: owner.workspaceId,
      action: "product.create",
      targetType: "product",
      createdAt: new Date(Date.now() - days * 86_400_000),
    });
    await db.insert(auditEvents).values([old(31), old(29)]);
    await purgeAuditEvents();
    const left = await db.select().from(auditEvents).where(eq(auditEvents.workspaceId, owner.workspaceId));
    expect(left).toHaveLength(1);
    await subscribe(owner.workspaceId, "professionnel");
    await db.insert(auditEvents).values([old(300), old(400)]);
    await purgeAuditEvents();
    expect(await db.select().from(auditEvents).where(eq(auditEvents.workspaceId, owner.workspaceId))).toHaveLength(2);
  });
});
