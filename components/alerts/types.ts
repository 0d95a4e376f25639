import type { listAlertRules } from "@/lib/alerts/rules/list-alert-rules";
import type { TAlertEventView } from "@/lib/alerts/events/present-alert-event";
import type { TAlertRuleView } from "@/lib/alerts/rules/present-alert-rule";

import type { Jsonify } from "@/client/jsonify";

// JSON shapes of the alerts API as the browser receives them (dates as ISO strings).

export type TAlertRule = Jsonify<TAlertRuleView>;
export type TAlertEvent = Jsonify<TAlertEventView>;
/** GET /api/products/{id}/alerts. */
export type TAlertRulesResponse = Jsonify<Awaited<ReturnType<typeof listAlertRules>>>;
export type TUrlOption = { id: string; name: string };
