import { buildAlertItem } from "../delivery/build-alert-item";
import type { TChannelPayload } from "./build-channel-payload";
import type { TAlertChannelKind } from "./schemas";

const TEST_PREFIX = "[Test] ";

function alertItem(payload: TChannelPayload) {
  const a = payload.alert;
  return buildAlertItem({
    productId: a.product_id,
    oldPrice: a.old_price,
    newPrice: a.new_price,
    currency: a.currency,
    details: {
      kind: a.kind,
      rule_description: a.rule_description,
      product_name: a.product_name,
      url_name: a.merchant_name ?? "",
      url: a.merchant_url ?? "",
      available: a.available,
      observed_at: a.observed_at ?? payload.created_at,
    },
  });
}

const withVariation = (item: ReturnType<typeof alertItem>) =>
  item.variation ? `${item.newPrice} (${item.variation})` : item.newPrice;

// Slack reads <…> in mrkdwn and in `text` as links and mentions (<!channel>): user text gets &, < and > escaped.
const slackEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const slackLinkUrl = (url: string) => url.replace(/\|/g, "%7C").replace(/</g, "%3C").replace(/>/g, "%3E");

/** Slack incoming webhook: `text` (notifications, fallback) and Block Kit `blocks`. */
function slackMessage(payload: TChannelPayload) {
  const item = alertItem(payload);
  const prefix = payload.type === "test" ? TEST_PREFIX : "";
  const title = `${prefix}${item.headline} : ${item.productName}`;
  const merchantName = slackEscape(item.merchantName);
  const merchant = payload.alert.merchant_url
    ? `<${slackLinkUrl(payload.alert.merchant_url)}|${merchantName}>`
    : merchantName;
  return {
    text: slackEscape(`${title} (${item.oldPrice} → ${item.newPrice})`),
    blocks: [
      { type: "header", text: { type: "plain_text", text: title.slice(0, 150), emoji: false } },
      {
        type: "section",
        fields: [
          { type: "mrkdwn", text: `*Marchand*\n${merchant}` },
          { type: "mrkdwn", text: `*Règle*\n${slackEscape(item.ruleDescription)}` },
          { type: "mrkdwn", text: `*Ancien prix*\n${item.oldPrice}` },
          { type: "mrkdwn", text: `*Nouveau prix*\n${withVariation(item)}` },
          { type: "mrkdwn", text: `*Disponibilité*\n${item.availability}` },
          { type: "mrkdwn", text: `*Relevé le*\n${item.observedAt}` },
        ],
      },
      {
        type: "actions",
        elements: [{ type: "button", text: { type: "plain_text", text: "Voir le produit" }, url: item.productLink }],
      },
    ],
  };
}

/** Microsoft Teams incoming webhook (connector): a legacy MessageCard, which every Teams webhook accepts. */
function teamsMessage(payload: TChannelPayload) {
  const item = alertItem(payload);
  const prefix = payload.type === "test" ? TEST_PREFIX : "";
  return {
    "@type": "MessageCard",
    "@context": "https://schema.org/extensions",
    themeColor: item.direction === "down" ? "16A34A" : item.direction === "up" ? "DC2626" : "2563EB",
    summary: `${prefix}${item.headline} : ${item.productName}`,
    sections: [
      {
        activityTitle: `${prefix}${item.headline}`,
        activitySubtitle: item.productName,
        facts: [
          { name: "Marchand", value: item.merchantName },
          { name: "Règle", value: item.ruleDescription },
          { name: "Ancien prix", value: item.oldPrice },
          { name: "Nouveau prix", value: withVariation(item) },
          { name: "Disponibilité", value: item.availability },
          { name: "Relevé le", value: item.observedAt },
        ],
        // the facts are user text (product and merchant names): shown as written, never read as Markdown links
        markdown: false,
      },
    ],
    potentialAction: [
      { "@type": "OpenUri", name: "Voir le produit", targets: [{ os: "default", uri: item.productLink }] },
    ],
  };
}

/** The JSON body sent to a channel: the payload itself for a webhook, a formatted message for Slack and Teams. */
export function formatChannelMessage(kind: TAlertChannelKind, payload: TChannelPayload): unknown {
  if (kind === "slack") return slackMessage(payload);
  if (kind === "teams") return teamsMessage(payload);
  return payload;
}
