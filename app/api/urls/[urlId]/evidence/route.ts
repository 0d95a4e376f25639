// POST /api/urls/{urlId}/evidence – capture a 'dossier de preuve' of a tracked URL (202, pending; editor)
// GET /api/urls/{urlId}/evidence – the URL's captures, newest first
import { requestEvidenceCapture } from "@/lib/evidence/request-evidence-capture";
import { listUrlEvidence } from "@/lib/evidence/list-url-evidence";
import { EVIDENCE_MSG } from "@/lib/evidence/schemas";
import { json } from "@/lib/http/json";
import { ZUrlParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ params: ZUrlParams }, async ({ user, params }) => {
  const capture = await requestEvidenceCapture(user.workspaceId, params.urlId!, user.id);
  return json({ ...capture, message: EVIDENCE_MSG.queued }, 202);
});

export const GET = withAuth({ params: ZUrlParams }, async ({ user, params }) =>
  listUrlEvidence(user.workspaceId, params.urlId!),
);
