// The public face of lib/reports: other domains import from here only (DESIGN §10).
export { getReportPreferences } from "./get-report-preferences";
export { sendScheduledReports } from "./send-scheduled-reports";
export { unsubscribeReports } from "./unsubscribe-reports";
export { updateReportPreferences } from "./update-report-preferences";
