import { render } from "@react-email/render";
import { createElement } from "react";
import { AlertDigestEmail, type TAlertDigestGroup } from "@/lib/email";
import { formatDate } from "@/lib/format";
import type { TBrokenUrlsSummary } from "@/lib/health";
import { alertLinks, unsubscribeHeaders } from "./alert-links";
import { buildAlertItem } from "./build-alert-item";
import { EMAIL_TEXT_OPTIONS } from "@/lib/email";

type TDigestEvent = Parameters<typeof buildAlertItem>[0] & { createdAt: Date };

/** The daily digest e-mail of one member in one workspace: events grouped by product (products and events in time order). */
export async function renderAlertDigest(args: {
  workspaceId: string;
  userId: string;
  firstName: string;
  events: TDigestEvent[];
  now: Date;
  broken?: TBrokenUrlsSummary | null;
}) {
  const sorted = [...args.events].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const groups = new Map<string, TAlertDigestGroup>();
  for (const event of sorted) {
    const item = buildAlertItem(event);
    const group = groups.get(event.productId) ?? {
      productName: item.productName,
      productLink: item.productLink,
      items: [],
    };
    group.items.push(item);
    groups.set(event.productId, group);
  }
  const scope = { workspaceId: args.workspaceId, userId: args.userId };
  const dateLabel = formatDate(args.now);
  const element = createElement(AlertDigestEmail, {
    firstName: args.firstName,
    dateLabel,
    total: sorted.length,
    groups: [...groups.values()],
    broken: args.broken ?? null,
    unsubscribeAllUrl: alertLinks.unsubscribePage(scope),
    preferencesUrl: alertLinks.preferences(),
  });
  const [html, text] = await Promise.all([render(element), render(element, EMAIL_TEXT_OPTIONS)]);
  const count = sorted.length > 1 ? `${sorted.length} alertes` : "1 alerte";
  return {
    subject: `Votre résumé VeillePrix du ${dateLabel} : ${count}`,
    html,
    text,
    headers: unsubscribeHeaders(scope),
  };
}
