import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { evidenceCaptures, productUrls } from "@/db/schema";
import { centsToDecimal, toCents } from "@/lib/core/money";
import { analyzeInWorker } from "@/lib/scraping";
import { renderPage } from "@/lib/scraping";
import { ScrapeError, toScrapeError } from "@/lib/scraping";
import { EVIDENCE_MSG } from "./schemas";
import { parisIso } from "./paris-iso";
import type { TExtractedValues } from "./present-evidence";

/** The screenshot is the page from its top, at most this tall (a long page is cut, never scaled). */
export const SCREENSHOT_MAX_HEIGHT = 6000;
const CAPTURE_TIMEOUT_MS = 45_000;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
// "79.9" → "79.90", as the readings store it
const decimal = (value: string | null) => {
  const cents = toCents(value);
  return cents === null ? null : centsToDecimal(cents);
};

/**
 * The capture job's work: loads the page in Chromium through the scraper's guard, takes its screenshot and HTML,
 * reads the price from that HTML, and stores both gzip-compressed with their SHA-256. A capture that is no longer
 * pending is left alone (safe to re-run); a page that cannot be captured leaves the reason.
 */
export async function captureEvidence(captureId: string): Promise<{ status: string }> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: evidenceCaptures.id,
      url: evidenceCaptures.url,
      status: evidenceCaptures.status,
      selector: productUrls.selector,
    })
    .from(evidenceCaptures)
    .innerJoin(productUrls, eq(productUrls.id, evidenceCaptures.urlId))
    .where(eq(evidenceCaptures.id, captureId))
    .limit(1);
  if (row?.status !== "pending") return { status: row?.status ?? "missing" };
  const pending = and(eq(evidenceCaptures.id, captureId), eq(evidenceCaptures.status, "pending"));
  const capturedAt = new Date();
  const fail = async (reason: string) => {
    await db.update(evidenceCaptures).set({ status: "failed", error: reason, capturedAt }).where(pending);
    return { status: "failed" };
  };
  try {
    const stamp = `VeillePrix · capture du ${parisIso(capturedAt)} (Europe/Paris) · ${capturedAt.toISOString()} (UTC) · ${row.url}`;
    const page = await renderPage(row.url, {
      selector: row.selector,
      timeoutMs: CAPTURE_TIMEOUT_MS,
      screenshot: { maxHeight: SCREENSHOT_MAX_HEIGHT, stamp },
    });
    const { wall, found } = await analyzeInWorker({
      html: page.html,
      url: page.url,
      status: page.status,
      headers: page.headers,
      selector: row.selector ?? null,
    });
    if (wall) return fail(EVIDENCE_MSG.blocked);
    const png = page.png!;
    const html = new TextEncoder().encode(page.html);
    const screenshotGz = gzipSync(png);
    const htmlGz = gzipSync(html);
    const extracted: TExtractedValues = {
      price: decimal(found.price),
      regular_price: decimal(found.regularPrice),
      currency: found.currency ?? (found.price !== null ? "EUR" : null),
      available: found.available,
      title: found.title,
      method: found.method ? String(found.method) : null,
    };
    await db
      .update(evidenceCaptures)
      .set({
        status: "ready",
        capturedAt,
        finalUrl: page.url,
        httpStatus: page.status,
        screenshotGz,
        htmlGz,
        screenshotSha256: sha256(png),
        htmlSha256: sha256(html),
        screenshotBytes: png.byteLength,
        htmlBytes: html.byteLength,
        storedBytes: screenshotGz.byteLength + htmlGz.byteLength,
        extracted,
      })
      .where(pending);
    return { status: "ready" };
  } catch (error) {
    if (!(error instanceof ScrapeError)) console.error("[preuves] capture en échec", captureId, error);
    return fail(`Capture impossible : ${toScrapeError(error).message}`);
  }
}
