import { getAuthSecret } from "@/lib/secrets";
import { signUnsubscribeToken } from "@/lib/alerts";
import { verifyUnsubscribeToken } from "@/lib/alerts";
import { env } from "@/lib/env";

// The alerts' signed unsubscribe tokens under a key of their own: an alerts link cannot stop reports, nor the reverse.
const reportSecret = () => `${getAuthSecret()}:scheduled-reports`;

type TMember = { workspaceId: string; userId: string };

export const signReportUnsubscribeToken = ({ workspaceId, userId }: TMember) =>
  signUnsubscribeToken({ workspaceId, userId }, reportSecret());

/** The workspace and member (null in links sent before members had their own report) a genuine token names. */
export function verifyReportUnsubscribeToken(token: string) {
  const scope = verifyUnsubscribeToken(token, reportSecret());
  return scope && !scope.ruleId ? { workspaceId: scope.workspaceId, userId: scope.userId ?? null } : null;
}

export const reportLinks = {
  overview: () => `${env.appUrl}/market`,
  preferences: () => `${env.appUrl}/dashboard#rapports`,
  unsubscribePage: (member: TMember) =>
    `${env.appUrl}/reports/unsubscribe?token=${encodeURIComponent(signReportUnsubscribeToken(member))}`,
  unsubscribeOneClick: (member: TMember) =>
    `${env.appUrl}/api/reports/unsubscribe?token=${encodeURIComponent(signReportUnsubscribeToken(member))}`,
};
