// GET /api/evidence/{id}/download – the 'dossier de preuve' ZIP (capture.png, page.html, manifest.json)
import { buildEvidenceZip } from "@/lib/evidence/build-evidence-zip";
import { contentDisposition } from "@/lib/exports/build-export-filename";
import { ZEvidenceParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ params: ZEvidenceParams }, async ({ user, params }) => {
  const { bytes, filename } = await buildEvidenceZip(user.workspaceId, params.id!);
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
