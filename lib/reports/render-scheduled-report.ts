import { render } from "@react-email/render";
import { createElement } from "react";
import { EMAIL_TEXT_OPTIONS } from "@/lib/email";
import { ScheduledReportEmail } from "@/lib/email";
import { formatDate } from "@/lib/format";
import type { TReportContent } from "./load-report-content";
import { reportLinks } from "./report-links";
import type { TReportPeriod } from "./report-period";

/** Subject, HTML, text and List-Unsubscribe headers of one scheduled report. */
export async function renderScheduledReport(args: {
  workspaceId: string;
  /** the member it is sent to: its unsubscribe link names them */
  userId: string;
  firstName: string;
  period: TReportPeriod;
  content: TReportContent;
}) {
  const { period, content } = args;
  const title = period.frequency === "daily" ? "Votre rapport quotidien" : "Votre rapport hebdomadaire";
  const periodLabel =
    period.frequency === "daily"
      ? `des dernières 24 heures (au ${formatDate(period.until)})`
      : `du ${formatDate(period.since)} au ${formatDate(period.until)}`;
  const element = createElement(ScheduledReportEmail, {
    firstName: args.firstName,
    title,
    periodLabel,
    headline: content.headline,
    moves: content.moves,
    flags: content.flags,
    attachmentName: content.attachment?.filename ?? null,
    overviewUrl: reportLinks.overview(),
    preferencesUrl: reportLinks.preferences(),
    unsubscribeUrl: reportLinks.unsubscribePage(args),
  });
  const [html, text] = await Promise.all([render(element), render(element, EMAIL_TEXT_OPTIONS)]);
  return {
    subject: `${title} VeillePrix – ${formatDate(period.until)}`,
    html,
    text,
    headers: {
      "List-Unsubscribe": `<${reportLinks.unsubscribeOneClick(args)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
