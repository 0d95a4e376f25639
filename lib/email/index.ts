// The public face of lib/email: other domains import from here only (DESIGN §10).
export { EMAIL_TEXT_OPTIONS } from "./email-text-options";
export { escapeHtml } from "./escape-html";
export { listOutbox } from "./list-outbox";
export { sendEmail } from "./send-email";
export { AlertDigestEmail } from "./templates/alert-digest";
export type { TAlertDigestGroup } from "./templates/alert-digest";
export { AlertPriceEmail } from "./templates/alert-price";
export type { TAlertEmailItem } from "./templates/alert-types";
export { renderResetPasswordEmail } from "./templates/reset-password";
export { ScheduledReportEmail } from "./templates/scheduled-report";
export type { TReportLine } from "./templates/scheduled-report";
export { VerifyEmail } from "./templates/verify-email";
export { WorkspaceInvitation } from "./templates/workspace-invitation";
