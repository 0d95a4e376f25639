// Alert e-mails and reports go to each member who chose them, in the mode they chose, exactly once per member
// even when two runners deliver at the same time; a removed member gets nothing more; an unsubscribe link
// stops that member's mail in that workspace only.
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as unsubscribeAlertsRoute } from "@/app/api/alerts/unsubscribe/route";
import { POST as unsubscribeReportsRoute } from "@/app/api/reports/unsubscribe/route";
import { getDb } from "@/db";
import { alertEmailDeliveries, alertEvents, emailOutbox, reportSends, workspaceMembers } from "@/db/schema";
import { deliverAlertEvents } from "@/lib/alerts/delivery/deliver-alert-events";
import { enqueueEmailDeliveries } from "@/lib/alerts/delivery/enqueue-email-deliveries";
import { sendAlertDigests } from "@/lib/alerts/delivery/send-alert-digests";
import { sendScheduledReports } from "@/lib/reports/send-scheduled-reports";
import { call, signUp } from "../helpers/api";
import { addMember, removeMember } from "../helpers/workspaces";
import { addRule, alertsUser, makeProduct } from "./alerts-fixtures";

beforeAll(async () => {
  await getDb();
}, 180_000);

type TMode = "instant" | "digest" | "none";
type TFrequency = "off" | "weekly" | "daily";

async function choose(workspaceId: string, userId: string, alertMode: TMode, reportFrequency: TFrequency = "off") {
  const db = await getDb();
  await db
    .update(workspaceMembers)
    .set({ alertMode, reportFrequency })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

/** An alert recorded the way the evaluation records one: the event and its member e-mails, not sent yet. */
async function fire(workspaceId: string) {
  const db = await getDb();
  const { productId, urlIds } = await makeProduct(workspaceId, { name: `Produit ${randomUUID().slice(0, 6)}` });
  const rule = await addRule(workspaceId, productId, { kind: "any_change" });
  const [event] = await db
    .insert(alertEvents)
    .values({
      ruleId: rule.id,
      workspaceId,
      productId,
      urlId: urlIds[0]!,
      dedupeKey: `alert:${rule.id}:${randomUUID()}`,
      oldPrice: "10.00",
      newPrice: "9.00",
      currency: "EUR",
      details: {
        kind: "any_change",
        rule_description: "Tout changement de prix",
        product_name: "Produit",
        url_name: "Marchand 1",
        url: "https://marchand.exemple.fr/p",
        available: true,
        observed_at: new Date().toISOString(),
      },
    })
    .returning();
  await enqueueEmailDeliveries(db, event!);
  return event!;
}

async function mailsOf(userId: string, kinds = ["alert", "alert_digest", "scheduled_report"]) {
  const db = await getDb();
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), inArray(emailOutbox.kind, kinds)));
}

const runBoth = <T>(run: () => Promise<T>) => Promise.all([run(), run()]);

describe("alert e-mails per member", () => {
  it("go to each member in the mode they chose, once, with two runners delivering at the same time", async () => {
    const owner = await alertsUser();
    const editor = await signUp();
    const reader = await signUp();
    const silent = await signUp();
    const ws = owner.workspaceId;
    await addMember(ws, editor.userId, "editor");
    await addMember(ws, reader.userId, "reader");
    await addMember(ws, silent.userId, "reader");
    await choose(ws, owner.userId, "digest");
    await choose(ws, editor.userId, "instant");
    await choose(ws, reader.userId, "digest");
    const event = await fire(ws);

    await runBoth(() => deliverAlertEvents({ eventIds: [event.id] }));
    await runBoth(() => sendAlertDigests());
    await runBoth(() => sendAlertDigests());

    expect((await mailsOf(editor.userId)).map((m) => m.kind)).toEqual(["alert"]);
    expect((await mailsOf(owner.userId)).map((m) => m.kind)).toEqual(["alert_digest"]);
    expect((await mailsOf(reader.userId)).map((m) => m.kind)).toEqual(["alert_digest"]);
    expect(await mailsOf(silent.userId)).toEqual([]);
    const [mail] = await mailsOf(editor.userId);
    expect(mail!.to).toBe(editor.account.email);
    const db = await getDb();
    const rows = await db.select().from(alertEmailDeliveries).where(eq(alertEmailDeliveries.eventId, event.id));
    expect(rows.map((r) => [r.userId, r.delivery, r.status, r.attempts]).sort()).toEqual(
      [
        [owner.userId, "digest", "sent", 1],
        [editor.userId, "instant", "sent", 1],
        [reader.userId, "digest", "sent", 1],
      ].sort(),
    );
    expect((await db.select().from(alertEvents).where(eq(alertEvents.id, event.id)))[0]!.status).toBe("sent");
  });

  it("stop for a removed member, alerts already waiting included", async () => {
    const owner = await alertsUser();
    const editor = await signUp();
    const ws = owner.workspaceId;
    await addMember(ws, editor.userId, "editor");
    await choose(ws, editor.userId, "instant");
    const waiting = await fire(ws);
    await removeMember(ws, editor.userId);
    await fire(ws);
    await deliverAlertEvents();
    await sendAlertDigests();
    expect(await mailsOf(editor.userId)).toEqual([]);
    expect((await mailsOf(owner.userId)).map((m) => m.kind)).toEqual(["alert", "alert"]);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(alertEmailDeliveries)
      .where(and(eq(alertEmailDeliveries.eventId, waiting.id), eq(alertEmailDeliveries.userId, editor.userId)));
    expect(row!.status).toBe("skipped");
  });

  it("an unsubscribe link names the member and the workspace: the other workspace and members keep theirs", async () => {
    const ada = await alertsUser();
    const bob = await alertsUser();
    await addMember(ada.workspaceId, bob.userId, "reader");
    await choose(ada.workspaceId, bob.userId, "instant");
    await fire(ada.workspaceId);
    await deliverAlertEvents();
    const [mail] = await mailsOf(bob.userId);
    const link = /^<([^>]+)>$/.exec((mail!.headers as Record<string, string>)["List-Unsubscribe"]!)![1]!;
    const res = await call(unsubscribeAlertsRoute, link, { method: "POST", rawBody: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);

    await fire(ada.workspaceId);
    await fire(bob.workspaceId);
    await deliverAlertEvents();
    const bobs = await mailsOf(bob.userId);
    expect(bobs).toHaveLength(2); // the first one, then only his own workspace's
    expect((await mailsOf(ada.userId)).length).toBe(2); // the owner of the first workspace still gets hers
    const db = await getDb();
    const modes = await db
      .select({ workspaceId: workspaceMembers.workspaceId, mode: workspaceMembers.alertMode })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, bob.userId));
    expect(Object.fromEntries(modes.map((m) => [m.workspaceId, m.mode]))).toEqual({
      [ada.workspaceId]: "none",
      [bob.workspaceId]: "instant",
    });
  });
});

describe("scheduled reports per member", () => {
  it("each member who chose one gets it once per period, a removed member none, and unsubscribing is per workspace", async () => {
    const owner = await alertsUser();
    const reader = await alertsUser();
    const gone = await signUp();
    const ws = owner.workspaceId;
    await addMember(ws, reader.userId, "reader");
    await addMember(ws, gone.userId, "editor");
    await choose(ws, owner.userId, "instant", "weekly");
    await choose(ws, reader.userId, "none", "daily");
    await choose(reader.workspaceId, reader.userId, "instant", "daily");
    await choose(ws, gone.userId, "none", "weekly");
    await removeMember(ws, gone.userId);
    const now = new Date("2026-11-25T09:00:00Z");

    await runBoth(() => sendScheduledReports({ now }));
    await runBoth(() => sendScheduledReports({ now }));
    const db = await getDb();
    const sends = await db.select().from(reportSends).where(eq(reportSends.workspaceId, ws));
    expect(sends.map((s) => [s.userId, s.periodKey, s.status]).sort()).toEqual(
      [
        [owner.userId, "weekly:2026-W48", "sent"],
        [reader.userId, "daily:2026-11-25", "sent"],
      ].sort(),
    );
    expect(await mailsOf(owner.userId, ["scheduled_report"])).toHaveLength(1);
    expect(await mailsOf(reader.userId, ["scheduled_report"])).toHaveLength(2); // one per workspace
    expect(await mailsOf(gone.userId, ["scheduled_report"])).toEqual([]);

    const links = (await mailsOf(reader.userId, ["scheduled_report"])).map(
      (m) => /^<([^>]+)>$/.exec((m.headers as Record<string, string>)["List-Unsubscribe"]!)![1]!,
    );
    expect(new Set(links).size).toBe(2);
    // the link of the report sent from the shared workspace
    const shared = (await mailsOf(reader.userId, ["scheduled_report"])).find(
      (m) => m.idempotencyKey === `report:${ws}:${reader.userId}:daily:2026-11-25`,
    )!;
    const link = /^<([^>]+)>$/.exec((shared.headers as Record<string, string>)["List-Unsubscribe"]!)![1]!;
    expect((await call(unsubscribeReportsRoute, link, { method: "POST" })).status).toBe(200);
    const frequencies = await db
      .select({ workspaceId: workspaceMembers.workspaceId, frequency: workspaceMembers.reportFrequency })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, reader.userId));
    expect(Object.fromEntries(frequencies.map((f) => [f.workspaceId, f.frequency]))).toEqual({
      [ws]: "off",
      [reader.workspaceId]: "daily",
    });
  });
});
