// The public face of lib/evidence: other domains import from here only (DESIGN §10).
export { buildEvidenceZip } from "./build-evidence-zip";
export { captureEvidence } from "./capture-evidence";
export { deleteEvidence } from "./delete-evidence";
export { getEvidenceOrThrow } from "./get-evidence-or-throw";
export { listUrlEvidence } from "./list-url-evidence";
export { presentEvidence } from "./present-evidence";
export { requestEvidenceCapture } from "./request-evidence-capture";
export { requestFlagEvidence } from "./request-flag-evidence";
