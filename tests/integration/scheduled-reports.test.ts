// The report e-mails go through a local fake Resend (attachments are sent by Resend only): the app reads
// RESEND_* when imported, so every app module is imported after the variables are set.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeResend } from "../helpers/fake-resend";

const resend = await startFakeResend();
process.env.RESEND_API_KEY = "re_test_rapports";
process.env.RESEND_BASE_URL = resend.url;
vi.resetModules(); // the setup file already loaded lib/env.ts without these variables

const { and, eq } = await import("drizzle-orm");
const JSZip = (await import("jszip")).default;
const { POST: unsubscribe } = await import("@/app/api/reports/unsubscribe/route");
const { GET: getPrefs, PUT: putPrefs } = await import("@/app/api/users/me/report-preferences/route");
const { getDb } = await import("@/db");
const { emailOutbox, priceHistory, reportSends } = await import("@/db/schema");
const { signUnsubscribeToken } = await import("@/lib/alerts/unsubscribe/sign-unsubscribe-token");
const { REPORT_MSG } = await import("@/lib/reports/schemas");
const { isoWeek, reportPeriod } = await import("@/lib/reports/report-period");
const { sendScheduledReports } = await import("@/lib/reports/send-scheduled-reports");
const { call } = await import("../helpers/api");
const { alertsUser, makeProduct } = await import("./alerts-fixtures");

afterAll(async () => {
  await resend.close();
});

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
  it(
    "sends one report per period with the market's numbers, its biggest move and the overview XLSX, and stops on " +
      "the signed link",
    async () => {
      const { token, workspaceId, account } = await alertsUser();
      const put = await call(putPrefs, PREFS, { method: "PUT", token, body: { frequency: "weekly" } });
      expect(put.status).toBe(200);
      expect(put.json).toMatchObject({ frequency: "weekly", message: REPORT_MSG.saved });
      expect((await call(getPrefs, PREFS, { token })).json).toEqual({ frequency: "weekly", can_subscribe: true });

      // my price 100 €, two merchants: 100 € then 90 € (a drop in the week), and 110 €
      const { urlIds } = await makeProduct(workspaceId, { name: "Robot pâtissier", referencePrice: "100.00", urls: 2 });
      const now = new Date();
      const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
      const db = await getDb();
      await db.insert(priceHistory).values([
        { urlId: urlIds[0]!, price: "100.00", currency: "EUR", available: true, createdAt: daysAgo(10) },
        { urlId: urlIds[1]!, price: "110.00", currency: "EUR", available: true, createdAt: daysAgo(10) },
        { urlId: urlIds[0]!, price: "90.00", currency: "EUR", available: true, createdAt: daysAgo(1) },
      ]);

      expect(await sendScheduledReports({ now })).toEqual({ sent: expect.any(Number) });
      expect(await sendScheduledReports({ now })).toEqual({ sent: expect.any(Number) });
      const [report, ...more] = await reportsTo(account.email);
      expect(more).toEqual([]);
      expect(report!.subject).toMatch(/^Votre rapport hebdomadaire VeillePrix/);
      expect(report!.text).toMatch(/Produits suivis\s+1\n/);
      expect(report!.text).toMatch(/Plus cher\s+1\n/);
      expect(report!.text).toMatch(/Indice prix \(marché = 100\)\s+100\n/);
      expect(report!.text).toMatch(/Baisses de prix sur la période\s+1\n/);
      expect(report!.text).toContain("Robot pâtissier : Baisse chez Marchand 1");
      expect(report!.text).toMatch(/100,00\s€ → 90,00\s€ \(-10,00\s%\)/);
      expect(report!.text).toContain("Le tableau complet est joint : vue_marche.xlsx.");
      expect(report!.html).toMatch(/href="http[^"]+\/market"[^>]*>[\s\S]*?Ouvrir la vue marché/);
      const sentByResend = resend.emails.filter(
        (e) => [e.to].flat().includes(account.email) && e.subject?.startsWith("Votre rapport"),
      );
      expect(sentByResend).toHaveLength(1);
      const attachments = (sentByResend[0] as unknown as { attachments: { filename: string; content: string }[] })
        .attachments;
      expect(attachments.map((a) => a.filename)).toEqual(["vue_marche.xlsx"]);
      const zip = await JSZip.loadAsync(Buffer.from(attachments[0]!.content, "base64"));
      const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
      const strings = (await zip.file("xl/sharedStrings.xml")?.async("string")) ?? "";
      expect(`${sheet}${strings}`).toContain("Robot pâtissier");
      const sends = await db.select().from(reportSends).where(eq(reportSends.workspaceId, workspaceId));
      expect(sends).toEqual([expect.objectContaining({ periodKey: reportPeriod("weekly", now).key, status: "sent" })]);

      // the next week is a new period
      const nextWeek = new Date(now.getTime() + 7 * 86_400_000);
      await sendScheduledReports({ now: nextWeek });
      expect(await reportsTo(account.email)).toHaveLength(2);

      // an alerts link cannot stop the report; the report's own link can
      const alertsToken = signUnsubscribeToken({ workspaceId });
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
    },
  );

  it("sends a daily report every Paris day and only on plans with alerts", async () => {
    const pro = await alertsUser();
    await call(putPrefs, PREFS, { method: "PUT", token: pro.token, body: { frequency: "daily" } });
    const day = new Date("2030-03-04T06:00:00Z");
    await sendScheduledReports({ now: day });
    await sendScheduledReports({ now: new Date(day.getTime() + 3_600_000) });
    await sendScheduledReports({ now: new Date(day.getTime() + 86_400_000) });
    const mails = await reportsTo(pro.account.email);
    // the order the outbox returns rows in is not the order they were sent: compare the set
    expect(mails.map((m) => m.subject).sort()).toEqual([
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
