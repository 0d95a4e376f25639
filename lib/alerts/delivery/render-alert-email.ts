import { render } from "@react-email/render";
import { createElement } from "react";
import { AlertPriceEmail } from "@/lib/email/templates/alert-price";
import { alertLinks, unsubscribeHeaders } from "./alert-links";
import { buildAlertItem } from "./build-alert-item";
import { EMAIL_TEXT_OPTIONS } from "./email-text-options";

type TRenderAlert = {
  event: Parameters<typeof buildAlertItem>[0] & { ruleId: string; userId: string };
  firstName: string;
  test?: boolean;
};

/** Subject, html, text and List-Unsubscribe headers of one alert e-mail (instant or test). */
export async function renderAlertEmail({ event, firstName, test = false }: TRenderAlert) {
  const item = buildAlertItem(event);
  const ruleScope = { userId: event.userId, ruleId: event.ruleId };
  const element = createElement(AlertPriceEmail, {
    firstName,
    item,
    test,
    unsubscribeRuleUrl: alertLinks.unsubscribePage(ruleScope),
    unsubscribeAllUrl: alertLinks.unsubscribePage({ userId: event.userId }),
    preferencesUrl: alertLinks.preferences(),
  });
  const [html, text] = await Promise.all([render(element), render(element, EMAIL_TEXT_OPTIONS)]);
  const subject = `${test ? "[Test] " : ""}${item.headline} : ${item.productName} chez ${item.merchantName} (${item.newPrice})`;
  return { subject, html, text, headers: unsubscribeHeaders(ruleScope) };
}
