import { render } from "@react-email/render";
import { createElement } from "react";
import { AlertPriceEmail } from "@/lib/email";
import { alertLinks, unsubscribeHeaders } from "./alert-links";
import { buildAlertItem } from "./build-alert-item";
import { EMAIL_TEXT_OPTIONS } from "@/lib/email";

type TEvent = Parameters<typeof buildAlertItem>[0] & { ruleId: string; workspaceId: string };
type TRenderAlert = {
  event: TEvent;
  /** the other rules the same reading matched: one message lists them all */
  others?: TEvent[];
  firstName: string;
  /** the member the message is for: its unsubscribe links name that member and the workspace */
  userId: string;
  test?: boolean;
};

/** Subject, html, text and List-Unsubscribe headers of one alert e-mail (instant or test), for one or more rules. */
export async function renderAlertEmail({ event, others = [], firstName, userId, test = false }: TRenderAlert) {
  const otherItems = others.map(buildAlertItem);
  const item = {
    ...buildAlertItem(event),
    ...(otherItems.length ? { otherRules: otherItems.map((o) => `${o.headline} : ${o.ruleDescription}`) } : {}),
  };
  const ruleScope = { workspaceId: event.workspaceId, ruleId: event.ruleId, userId };
  const allScope = { workspaceId: event.workspaceId, userId };
  const ruleLinks = [event, ...others].map((e, i) => ({
    label: (i === 0 ? item : otherItems[i - 1]!).ruleDescription,
    url: alertLinks.unsubscribePage({ workspaceId: e.workspaceId, ruleId: e.ruleId, userId }),
  }));
  const element = createElement(AlertPriceEmail, {
    firstName,
    item,
    test,
    unsubscribeRuleUrl: others.length ? ruleLinks : alertLinks.unsubscribePage(ruleScope),
    unsubscribeAllUrl: alertLinks.unsubscribePage(allScope),
    preferencesUrl: alertLinks.preferences(),
  });
  const [html, text] = await Promise.all([render(element), render(element, EMAIL_TEXT_OPTIONS)]);
  const headline = others.length ? `${others.length + 1} alertes` : item.headline;
  const subject = `${test ? "[Test] " : ""}${headline} : ${item.productName} chez ${item.merchantName} (${item.newPrice})`;
  // one-click unsubscribes from this rule; from all alerts when the message carries several
  return {
    subject,
    html,
    text,
    headers: unsubscribeHeaders(others.length ? allScope : ruleScope),
  };
}
