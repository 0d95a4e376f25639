import type { evidenceCaptures } from "@/db/schema";

type TCapture = typeof evidenceCaptures.$inferSelect;

export type TExtractedValues = {
  price: string | null;
  regular_price: string | null;
  currency: string | null;
  available: boolean | null;
  title: string | null;
  method: string | null;
};

/** A capture as the API answers it: never its bytes (the ZIP carries them). */
export function presentEvidence(c: Omit<TCapture, "screenshotGz" | "htmlGz">) {
  return {
    id: c.id,
    status: c.status,
    error: c.error,
    reason: c.reason,
    product_id: c.productId,
    url_id: c.urlId,
    flag_id: c.flagId,
    reading_id: c.readingId,
    reading_at: c.readingAt,
    url: c.url,
    final_url: c.finalUrl,
    http_status: c.httpStatus,
    captured_at: c.capturedAt,
    screenshot_sha256: c.screenshotSha256,
    html_sha256: c.htmlSha256,
    screenshot_bytes: c.screenshotBytes,
    html_bytes: c.htmlBytes,
    stored_bytes: c.storedBytes,
    extracted: (c.extracted ?? null) as TExtractedValues | null,
    created_at: c.createdAt,
    download_url: c.status === "ready" ? `/api/evidence/${c.id}/download` : null,
  };
}

export type TEvidenceView = ReturnType<typeof presentEvidence>;
