// The public face of lib/audit: other domains import from here only (DESIGN §10).
export { withAuditContext } from "./audit-context";
export { auditCsvStream, listAuditEvents } from "./list-audit-events";
export { recordAudit } from "./record-audit";
