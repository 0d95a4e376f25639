// The public face of lib/alerts (rules, their evaluation after each reading, events, deliveries, preferences,
// unsubscribe links, and the channels alerts are posted to): other code imports from here (DESIGN §10).
export * from "./channels";
export { alertLinks } from "./delivery/alert-links";
export { buildAlertItem } from "./delivery/build-alert-item";
export { sendAlertDigests } from "./delivery/send-alert-digests";
export { sendTestAlert } from "./delivery/send-test-alert";
export { evaluateFloorChange } from "./evaluation/evaluate-floor-change";
export { deliverMonitoringStopped, evaluateMonitoringStopped } from "./evaluation/evaluate-monitoring-stopped";
export { evaluateNewPrice, type TEvaluateNewPrice } from "./evaluation/evaluate-new-price";
export type { TEarlierReadings } from "./evaluation/load-price-context";
export {
  CONFIRMATION_DELAY_MS,
  readPriceConfirmation,
  requestPriceConfirmation,
} from "./evaluation/price-confirmation";
export { listAlertEvents } from "./events/list-alert-events";
export { getAlertPreferences } from "./preferences/get-alert-preferences";
export { updateAlertPreferences } from "./preferences/update-alert-preferences";
export { createAlertRule } from "./rules/create-alert-rule";
export { deleteAlertRule } from "./rules/delete-alert-rule";
export { listAlertRules } from "./rules/list-alert-rules";
export { getMonitoringRule, updateMonitoringRule } from "./rules/monitoring-rule";
export { updateAlertRule } from "./rules/update-alert-rule";
export { readUnsubscribeToken } from "./unsubscribe/read-unsubscribe-token";
export { signUnsubscribeToken } from "./unsubscribe/sign-unsubscribe-token";
export { unsubscribeAlerts } from "./unsubscribe/unsubscribe-alerts";
export { findUnsubscribeMember } from "./unsubscribe/unsubscribe-member";
export { verifyUnsubscribeToken } from "./unsubscribe/verify-unsubscribe-token";
