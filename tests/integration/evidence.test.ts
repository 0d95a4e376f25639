// 'Dossiers de preuve' (lib/evidence): capture through the guarded browser against a local merchant site,
// the ZIP's hashes, the capture a flag starts, the plan's bound, tenancy, roles and the retention purge.
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import JSZip from "jszip";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteCapture, GET as getCapture } from "@/app/api/evidence/[id]/route";
import { GET as download } from "@/app/api/evidence/[id]/download/route";
import { GET as listFlags } from "@/app/api/insights/flags/route";
import { GET as listCaptures, POST as capture } from "@/app/api/urls/[urlId]/evidence/route";
import { getDb } from "@/db";
import { evidenceCaptures, priceHistory, productUrls, products } from "@/db/schema";
import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { holdJobs } from "@/lib/jobs/job-provider";
import { purgeHistory } from "@/lib/jobs/purge-history";
import { settleLocalJobs } from "@/lib/workers/local-jobs";
import { closeBrowser } from "@/lib/scraping/browser";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";
import { productPage } from "../fixtures/merchant/pages";
import { call, signUp } from "../helpers/api";
import { addMember, tokenIn } from "../helpers/workspaces";
import { alertsUser, makeProduct } from "./alerts-fixtures";

let merchant: TMerchantServer;
// the captures are what this file tests: none held (tests/helpers/integration-setup.ts holds them elsewhere)
holdJobs([]);

beforeAll(async () => {
  await getDb();
  merchant = await startMerchantServer();
  merchant.setHtml("ev", productPage({ id: "ev", name: "Perceuse Bosch", price: "79.90", oldPrice: "129.90" }));
}, 180_000);

afterAll(async () => {
  await settleLocalJobs();
  await closeBrowser();
  await merchant.close();
});

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** A product whose URL is `path` on the merchant site. */
async function productAt(workspaceId: string, path: string, minAdvertisedPrice: string | null = null) {
  const { productId, urlIds } = await makeProduct(workspaceId, { name: "Perceuse Bosch" });
  const db = await getDb();
  await db
    .update(productUrls)
    .set({ url: `${merchant.url}${path}` })
    .where(eq(productUrls.id, urlIds[0]!));
  if (minAdvertisedPrice) await db.update(products).set({ minAdvertisedPrice }).where(eq(products.id, productId));
  return { productId, urlId: urlIds[0]! };
}

async function captureNow(token: string, urlId: string) {
  const res = await call(capture, `/api/urls/${urlId}/evidence`, { method: "POST", token, params: { urlId } });
  await settleLocalJobs();
  return res;
}

async function downloadZip(token: string, id: string) {
  const req = new NextRequest(new URL(`/api/evidence/${id}/download`, "http://localhost:3000"), {
    headers: { authorization: `Bearer ${token}` },
  });
  const res = await download(req, { params: Promise.resolve({ id }) });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Rows of ready captures written straight into the table (the bound counts them like real ones). */
async function fillWith(workspaceId: string, productId: string, urlId: string, n: number) {
  const db = await getDb();
  await db.insert(evidenceCaptures).values(
    Array.from({ length: n }, () => ({
      workspaceId,
      productId,
      urlId,
      url: "https://exemple.fr/",
      reason: "manual" as const,
      status: "ready" as const,
    })),
  );
}

describe("capturing a 'dossier de preuve'", () => {
  it("captures a redirected page and downloads a ZIP whose hashes match the manifest and the table", async () => {
    const { token, workspaceId } = await alertsUser();
    const { urlId } = await productAt(workspaceId, `/redirect/1?to=${encodeURIComponent("/served/ev")}`);
    const started = await captureNow(token, urlId);
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ status: "pending", reason: "manual", url_id: urlId });

    const got = await call(getCapture, `/api/evidence/${started.json.id}`, { token, params: { id: started.json.id } });
    expect(got.status).toBe(200);
    const view = got.json;
    expect(view).toMatchObject({ status: "ready", error: null, http_status: 200 });
    expect(view.final_url).toBe(`${merchant.url}/served/ev`);
    expect(view.extracted).toMatchObject({ price: "79.90", regular_price: "129.90", currency: "EUR", available: true });
    expect(view.download_url).toBe(`/api/evidence/${view.id}/download`);
    const listed = await call(listCaptures, `/api/urls/${urlId}/evidence`, { token, params: { urlId } });
    expect(listed.json.map((c: { id: string }) => c.id)).toEqual([view.id]);

    const { res, bytes } = await downloadZip(token, view.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="dossier-de-preuve-\d{8}-\d{6}-/);
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files).sort()).toEqual(["capture.png", "manifest.json", "page.html"]);
    const png = await zip.file("capture.png")!.async("uint8array");
    const html = await zip.file("page.html")!.async("uint8array");
    const manifest = JSON.parse(await zip.file("manifest.json")!.async("string"));
    expect(Buffer.from(png.subarray(0, 8)).toString("hex")).toBe("89504e470d0a1a0a");
    expect(new TextDecoder().decode(html)).toContain("129,90");
    expect(manifest.files["capture.png"].sha256).toBe(sha256(png));
    expect(manifest.files["page.html"].sha256).toBe(sha256(html));
    expect(manifest.files["capture.png"].bytes).toBe(png.byteLength);
    expect(manifest).toMatchObject({
      app: { name: "VeillePrix", version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
      url: `${merchant.url}/redirect/1?to=${encodeURIComponent("/served/ev")}`,
      final_url: `${merchant.url}/served/ev`,
      extracted: { price: "79.90", regular_price: "129.90", currency: "EUR" },
      hash_algorithm: "SHA-256",
    });
    expect(manifest.captured_at.utc).toBe(new Date(view.captured_at).toISOString());
    expect(manifest.captured_at.europe_paris).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);

    const db = await getDb();
    const [row] = await db.select().from(evidenceCaptures).where(eq(evidenceCaptures.id, view.id));
    expect(row!.screenshotSha256).toBe(sha256(png));
    expect(row!.htmlSha256).toBe(sha256(html));
    expect(Buffer.from(gunzipSync(row!.screenshotGz!)).equals(Buffer.from(png))).toBe(true);
    expect(row!.storedBytes).toBe(row!.screenshotGz!.byteLength + row!.htmlGz!.byteLength);
  }, 120_000);

  it("says why a capture failed (a bot wall, an address the guard refuses) and has nothing to download", async () => {
    const { token, workspaceId } = await alertsUser();
    const bot = await productAt(workspaceId, "/bot/datadome");
    const walled = await captureNow(token, bot.urlId);
    const first = await call(getCapture, `/api/evidence/${walled.json.id}`, { token, params: { id: walled.json.id } });
    expect(first.json).toMatchObject({ status: "failed", error: expect.stringContaining("anti-robot") });
    const zip = await call(download, `/api/evidence/${walled.json.id}/download`, {
      token,
      params: { id: walled.json.id },
    });
    expect(zip.status).toBe(409);
    expect(zip.json.detail).toBe("La capture de ce dossier de preuve a échoué : il n'y a rien à télécharger");

    const db = await getDb();
    await db
      .update(productUrls)
      .set({ url: "http://169.254.169.254/latest/meta-data/" })
      .where(eq(productUrls.id, bot.urlId));
    const metadata = await captureNow(token, bot.urlId);
    const refused = await call(getCapture, `/api/evidence/${metadata.json.id}`, {
      token,
      params: { id: metadata.json.id },
    });
    expect(refused.json.status).toBe("failed");
    expect(refused.json.error).toMatch(/^Capture impossible : /);
    expect(refused.json.error).toContain("169.254.169.254");
  }, 120_000);

  it("captures the page of a flag as soon as the flag opens", async () => {
    const { token, workspaceId } = await alertsUser();
    const { urlId } = await productAt(workspaceId, "/served/ev", "99.00");
    const db = await getDb();
    const [reading] = await db
      .insert(priceHistory)
      .values({ urlId, price: "79.90", currency: "EUR", available: true })
      .returning({ id: priceHistory.id });
    await evaluateNewPrice({ priceHistoryId: reading!.id });
    await settleLocalJobs();
    const [row] = await db.select().from(evidenceCaptures).where(eq(evidenceCaptures.urlId, urlId));
    expect(row).toMatchObject({ reason: "flag", status: "ready", readingId: reading!.id });
    expect(row!.flagId).not.toBeNull();
    const flags = await call(listFlags, "/api/insights/flags", { token });
    expect(flags.json[0]).toMatchObject({
      id: row!.flagId,
      evidence_capture: { id: row!.id, status: "ready", error: null, captured_at: row!.capturedAt!.toISOString() },
    });
    // the same reading judged again opens nothing new and captures nothing more
    await evaluateNewPrice({ priceHistoryId: reading!.id });
    await settleLocalJobs();
    expect(await db.select().from(evidenceCaptures).where(eq(evidenceCaptures.urlId, urlId))).toHaveLength(1);
  }, 120_000);
});

describe("bounds, tenancy and roles", () => {
  it("refuses a capture past the plan's bound in French, until one is deleted; a flag then records why", async () => {
    const { token, workspaceId } = await alertsUser("freemium");
    const { productId, urlId } = await productAt(workspaceId, "/served/ev", "99.00");
    await fillWith(workspaceId, productId, urlId, 10);
    const refused = await call(capture, `/api/urls/${urlId}/evidence`, { method: "POST", token, params: { urlId } });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: "evidence_limit_reached",
      detail:
        "Espace des preuves plein : le plan Freemium conserve 10 dossiers de preuve au plus. Supprimez-en un ou passez à un abonnement supérieur.",
    });
    const db = await getDb();
    const count = async () =>
      (await db.select().from(evidenceCaptures).where(eq(evidenceCaptures.workspaceId, workspaceId))).length;
    expect(await count()).toBe(10);

    const [reading] = await db
      .insert(priceHistory)
      .values({ urlId, price: "79.90", currency: "EUR", available: true })
      .returning({ id: priceHistory.id });
    await evaluateNewPrice({ priceHistoryId: reading!.id });
    const [flagged] = await db
      .select()
      .from(evidenceCaptures)
      .where(sql`${evidenceCaptures.workspaceId} = ${workspaceId} and ${evidenceCaptures.flagId} is not null`);
    expect(flagged).toMatchObject({ status: "failed", error: expect.stringContaining("Espace des preuves plein") });

    const [mine] = await db
      .select()
      .from(evidenceCaptures)
      .where(sql`${evidenceCaptures.workspaceId} = ${workspaceId} and ${evidenceCaptures.status} = 'ready'`)
      .limit(1);
    const gone = await call(deleteCapture, `/api/evidence/${mine!.id}`, {
      method: "DELETE",
      token,
      params: { id: mine!.id },
    });
    expect(gone.status).toBe(200);
    expect(gone.json.message).toBe("Dossier de preuve supprimé");
    const again = await captureNow(token, urlId);
    expect(again.status).toBe(202);
  }, 120_000);

  it("answers another workspace's ids with a French 404, and lets a Lecteur download but not capture", async () => {
    const owner = await alertsUser();
    const { urlId } = await productAt(owner.workspaceId, "/served/ev");
    const made = await captureNow(owner.token, urlId);
    const id = made.json.id as string;

    const intruder = await signUp();
    const other = await call(getCapture, `/api/evidence/${id}`, { token: intruder.token, params: { id } });
    expect(other.status).toBe(404);
    expect(other.json.detail).toBe("Dossier de preuve introuvable");
    expect((await downloadZip(intruder.token, id)).res.status).toBe(404);
    const del = await call(deleteCapture, `/api/evidence/${id}`, {
      method: "DELETE",
      token: intruder.token,
      params: { id },
    });
    expect(del.status).toBe(404);
    const foreignUrl = await call(capture, `/api/urls/${urlId}/evidence`, {
      method: "POST",
      token: intruder.token,
      params: { urlId },
    });
    expect(foreignUrl.status).toBe(404);
    expect(foreignUrl.json.detail).toBe("URL introuvable");
    const badId = await call(getCapture, "/api/evidence/12", { token: owner.token, params: { id: "12" } });
    expect(badId.status).toBe(404);

    await addMember(owner.workspaceId, intruder.userId, "reader");
    const reader = await tokenIn(owner.workspaceId, intruder.userId, "reader");
    const forbidden = await call(capture, `/api/urls/${urlId}/evidence`, {
      method: "POST",
      token: reader,
      params: { urlId },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.code).toBe("forbidden_role");
    const { res, bytes } = await downloadZip(reader, id);
    expect(res.status).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(bytes)).files)).toContain("manifest.json");
  }, 120_000);

  it("purges captures older than the plan's retention", async () => {
    const { workspaceId } = await alertsUser("freemium");
    const { productId, urlId } = await productAt(workspaceId, "/served/ev");
    await fillWith(workspaceId, productId, urlId, 2);
    const db = await getDb();
    const [old] = await db.select().from(evidenceCaptures).where(eq(evidenceCaptures.urlId, urlId)).limit(1);
    await db
      .update(evidenceCaptures)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(evidenceCaptures.id, old!.id));
    expect((await purgeHistory()).evidence).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(evidenceCaptures).where(eq(evidenceCaptures.urlId, urlId));
    expect(left.map((r) => r.id)).not.toContain(old!.id);
    expect(left).toHaveLength(1);
  });
});
