import { gunzipSync } from "node:zlib";
import JSZip from "jszip";
import pkg from "@/package.json";
import { AppError } from "@/lib/errors/app-error";
import { getEvidenceOrThrow } from "./get-evidence-or-throw";
import { parisIso } from "./paris-iso";

const both = (d: Date | null) => (d ? { utc: d.toISOString(), europe_paris: parisIso(d) } : null);

/**
 * The 'dossier de preuve' of a ready capture: capture.png, page.html (as captured, byte for byte) and
 * manifest.json (SHA-256 of both, times in UTC and Europe/Paris, the values read from the HTML, the app version).
 */
export async function buildEvidenceZip(workspaceId: string, id: string) {
  const c = await getEvidenceOrThrow(workspaceId, id, { withFiles: true });
  if (c.status === "failed") throw new AppError("evidence_failed");
  if (c.status !== "ready" || !c.screenshotGz || !c.htmlGz || !c.capturedAt) throw new AppError("evidence_not_ready");
  const manifest = {
    format: "veilleprix-dossier-de-preuve/1",
    app: { name: "VeillePrix", version: pkg.version },
    capture_id: c.id,
    reason: c.reason === "flag" ? "signalement" : "demande",
    flag_id: c.flagId,
    product_id: c.productId,
    url_id: c.urlId,
    url: c.url,
    final_url: c.finalUrl,
    http_status: c.httpStatus,
    captured_at: both(c.capturedAt),
    reading: c.readingId ? { id: c.readingId, at: both(c.readingAt) } : null,
    extracted: c.extracted,
    files: {
      "capture.png": { sha256: c.screenshotSha256, bytes: c.screenshotBytes },
      "page.html": { sha256: c.htmlSha256, bytes: c.htmlBytes },
    },
    hash_algorithm: "SHA-256",
  };
  const zip = new JSZip();
  const date = c.capturedAt;
  zip.file("capture.png", gunzipSync(c.screenshotGz), { date, binary: true });
  zip.file("page.html", gunzipSync(c.htmlGz), { date, binary: true });
  zip.file("manifest.json", `${JSON.stringify(manifest, null, 2)}\n`, { date });
  const bytes = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
  const stamp = c.capturedAt.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return { bytes, filename: `dossier-de-preuve-${stamp}-${c.id.slice(0, 8)}.zip` };
}
