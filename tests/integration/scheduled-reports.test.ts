import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as unsubscribe } from "@/app/api/reports/unsubscribe/route";
import { GET as getPrefs, PUT as putPrefs } from "@/app/api/users/me/report-preferences/route";
import { getDb } from "@/db";
import { emailOutbox, reportSends } from "@/db/schema";
import { signUnsubscribeToken } from "@/lib/alerts/sign-unsubscribe-token";
import { evaluateNewPrice } from "@/lib/alerts/evaluate-new-price";
import { REPORT_MSG } from "@/lib/reports/schemas";
import { isoWeek, reportPeriod } from "@/lib/reports/report-period";
import { sendScheduledReports } from "@/lib/reports/send-scheduled-reports";
import { call } from "../helpers/api";
import { addPrice, addRule, alertsUser, makeProduct } from "./alerts-fixtures";

beforeAll(async () => {
  await getDb();
}, 180_000);

const PREFS = "/api/users/me/report-preferences";

async function reportsTo(email: string) {
  const db = await getDb();
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "scheduled_report")));
}

describe("report periods", () => {
  it("name the Paris day or ISO week", () => {
    expect(isoWeek("2026-11-23")).toBe("2026-W48");
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2024-12-30")).toBe("2025-W01");
    // 23:30 UTC on 23 November is already the 24th in Paris
    expect(reportPeriod("daily", new Date("2026-11-23T23:30:00Z")).key).toBe("daily:2026-11-24");
    expect(reportPeriod("weekly", new Date("2026-11-29T22:30:00Z")).key).toBe("weekly:2026-W48");
    expect(reportPeriod("weekly", new Date("2026-11-29T23:30:00Z")).key).toBe("weekly:2026-W49");
  });
});

describe("scheduled reports", () => {
  it("sends one report per period with the alerts' biggest move, and stops on the signed link", async () => {
    const { token, userId, account } = await alertsUser();
    const put = await call(putPrefs, PREFS, { method: "PUT", token, body: { frequency: "weekly" } });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ frequency: "weekly", message: REPORT_MSG.saved });
    expect((await call(getPrefs, PREFS, { token })).json).toEqual({ frequency: "weekly", can_subscribe: true });

    const { productId, urlIds } = await makeProduct(userId, { name: "Robot pâtissier" });
    await addRule(userId, productId, { kind: "any_change" });
    await addPrice(urlIds[0]!, "200.00");
    const entry = await addPrice(urlIds[0]!, "150.00");
    await evaluateNewPrice({ priceHistoryId: entry });

    const now = new Date();
    expect(await sendScheduledReports({ now })).toEqual({ sent: expect.any(Number) });
    expect(await sendScheduledReports({ now })).toEqual({ sent: expect.any(Number) });
    const [report, ...more] = await reportsTo(account.email);
    expect(more).toEqual([]);
    expect(report!.subject).toMatch(/^Votre rapport hebdomadaire VeillePrix/);
    expect(report!.text).toContain("Alertes déclenchées sur la période");
    expect(report!.text).toContain("Robot pâtissier");
    expect(report!.text).toMatch(/200,00\s€ → 150,00\s€/);
    const db = await getDb();
    const sends = await db.select().from(reportSends).where(eq(reportSends.userId, userId));
    expect(sends).toEqual([expect.objectContaining({ periodKey: reportPeriod("weekly", now).key, status: "sent" })]);

    // the next week is a new period
    const nextWeek = new Date(now.getTime() + 7 * 86_400_000);
    await sendScheduledReports({ now: nextWeek });
    expect(await reportsTo(account.email)).toHaveLength(2);

    // an alerts link cannot stop the report; the report's own link can
    const alertsToken = signUnsubscribeToken({ userId });
    const refused = await call(unsubscribe, "/api/reports/unsubscribe", {
      method: "POST",
      query: { token: alertsToken },
    });
    expect(refused.status).toBe(400);
    const headers = report!.headers as Record<string, string>;
    const link = new URL(headers["List-Unsubscribe"]!.slice(1, -1));
    expect(link.pathname).toBe("/api/reports/unsubscribe");
    const done = await call(unsubscribe, link.pathname, {
      method: "POST",
      query: { token: link.searchParams.get("token")! },
    });
    expect(done.status).toBe(200);
    expect(done.json.message).toBe(REPORT_MSG.unsubscribed);
    expect((await call(getPrefs, PREFS, { token })).json.frequency).toBe("off");
    await sendScheduledReports({ now: new Date(now.getTime() + 14 * 86_400_000) });
    expect(await reportsTo(account.email)).toHaveLength(2);
  });

  it("sends a daily report every Paris day and only on plans with alerts", async () => {
    const pro = await alertsUser();
    await call(putPrefs, PREFS, { method: "PUT", token: pro.token, body: { frequency: "daily" } });
    const day = new Date("2030-03-04T06:00:00Z");
    await sendScheduledReports({ now: day });
    await sendScheduledReports({ now: new Date(day.getTime() + 3_600_000) });
    await sendScheduledReports({ now: new Date(day.getTime() + 86_400_000) });
    const mails = await reportsTo(pro.account.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Votre rapport quotidien VeillePrix – 04/03/2030",
      "Votre rapport quotidien VeillePrix – 05/03/2030",
    ]);

    const free = await alertsUser("freemium");
    const refused = await call(putPrefs, PREFS, { method: "PUT", token: free.token, body: { frequency: "weekly" } });
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toBe(REPORT_MSG.noPlan);
    const bad = await call(putPrefs, PREFS, { method: "PUT", token: pro.token, body: { frequency: "monthly" } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe(REPORT_MSG.frequency);
  });
});
