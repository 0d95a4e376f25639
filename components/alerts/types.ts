import type { TAlertEventView } from "@/lib/alerts/present-alert-event";
import type { TAlertRuleView } from "@/lib/alerts/present-alert-rule";

import type { Jsonify } from "@/client/jsonify";

// JSON shapes of the alerts API as the browser receives them (dates as ISO strings).

export type TAlertRule = Jsonify<TAlertRuleView>;
export type TAlertEvent = Jsonify<TAlertEventView>;
export type TAlertRulesResponse = {
  rules: TAlertRule[];
  has_email_alerts: boolean;
  reference_price: string | null;
  min_advertised_price: string | null;
};
export type TUrlOption = { id: string; name: string };
