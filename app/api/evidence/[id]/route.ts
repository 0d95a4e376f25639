// GET /api/evidence/{id} – one capture: state, reason of a failure, hashes, values read
// DELETE /api/evidence/{id} – delete a capture (frees a place of the plan's bound; editor)
import { deleteEvidence } from "@/lib/evidence/delete-evidence";
import { getEvidenceOrThrow } from "@/lib/evidence/get-evidence-or-throw";
import { EVIDENCE_MSG } from "@/lib/evidence/schemas";
import { presentEvidence } from "@/lib/evidence/present-evidence";
import { ZEvidenceParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ params: ZEvidenceParams }, async ({ user, params }) =>
  presentEvidence(await getEvidenceOrThrow(user.workspaceId, params.id!)),
);

export const DELETE = withAuth({ params: ZEvidenceParams }, async ({ user, params }) => {
  await deleteEvidence(user.workspaceId, params.id!);
  return { message: EVIDENCE_MSG.deleted };
});
