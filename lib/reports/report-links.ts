import { getAuthSecret } from "@/lib/auth";
import { signUnsubscribeToken } from "@/lib/alerts/unsubscribe/sign-unsubscribe-token";
import { verifyUnsubscribeToken } from "@/lib/alerts/unsubscribe/verify-unsubscribe-token";
import { env } from "@/lib/env";

// The alerts' signed unsubscribe tokens under a key of their own: an alerts link cannot stop reports, nor the reverse.
const reportSecret = () => `${getAuthSecret()}:scheduled-reports`;

export const signReportUnsubscribeToken = (workspaceId: string) =>
  signUnsubscribeToken({ workspaceId }, reportSecret());

/** The user a genuine report unsubscribe token names, else null. */
export function verifyReportUnsubscribeToken(token: string): string | null {
  const scope = verifyUnsubscribeToken(token, reportSecret());
  return scope && !scope.ruleId ? scope.workspaceId : null;
}

export const reportLinks = {
  overview: () => `${env.appUrl}/market`,
  preferences: () => `${env.appUrl}/dashboard#rapports`,
  unsubscribePage: (workspaceId: string) =>
    `${env.appUrl}/reports/unsubscribe?token=${encodeURIComponent(signReportUnsubscribeToken(workspaceId))}`,
  unsubscribeOneClick: (workspaceId: string) =>
    `${env.appUrl}/api/reports/unsubscribe?token=${encodeURIComponent(signReportUnsubscribeToken(workspaceId))}`,
};
