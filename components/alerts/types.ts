import type { TAlertEventView } from "@/lib/alerts/present-alert-event";
import type { TAlertRuleView } from "@/lib/alerts/present-alert-rule";

// JSON shapes of the alerts API as the browser receives them (dates as ISO strings).
type Jsonified<T> = { [K in keyof T]: T[K] extends Date | null ? string | null : T[K] extends Date ? string : T[K] };

export type TAlertRule = Jsonified<TAlertRuleView>;
export type TAlertEvent = Jsonified<TAlertEventView>;
export type TAlertRulesResponse = { rules: TAlertRule[]; has_email_alerts: boolean; reference_price: string | null };
export type TUrlOption = { id: string; name: string };
