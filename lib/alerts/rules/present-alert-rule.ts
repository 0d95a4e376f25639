import type { alertRules } from "@/db/schema";
import { describeRule } from "./describe-rule";
import { ALERT_KIND_LABELS } from "@/lib/alerts/schemas";

type TRuleRow = typeof alertRules.$inferSelect;

/** The API shape of a rule (snake_case, prices as decimal strings). */
export function presentAlertRule(rule: TRuleRow, urlName: string | null = null, channelIds: string[] = []) {
  const params = {
    kind: rule.kind,
    threshold_amount: rule.thresholdAmount,
    threshold_percent: rule.thresholdPercent,
    min_price: rule.minPrice,
    max_price: rule.maxPrice,
    failure_threshold: rule.failureThreshold,
  };
  return {
    id: rule.id,
    product_id: rule.productId,
    url_id: rule.urlId,
    url_name: urlName,
    ...params,
    kind_label: ALERT_KIND_LABELS[rule.kind],
    description: describeRule(params),
    cooldown_minutes: rule.cooldownMinutes,
    active: rule.active,
    channel_ids: channelIds,
    last_fired_at: rule.lastFiredAt,
    created_at: rule.createdAt,
  };
}

export type TAlertRuleView = ReturnType<typeof presentAlertRule>;
