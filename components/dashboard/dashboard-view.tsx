"use client";

import type { TOverviewData } from "@/client/hooks/use-market";
import { useCurrentUser, useWorkspaceRole } from "@/client/use-current-user";
import { VerifyEmailBanner } from "@/components/auth/verify-email-banner";
import { AlertChannelsCard } from "@/components/alert-channels/alert-channels-card";
import { ReportPreferencesCard } from "@/components/reports/report-preferences-card";
import { AccessUsageCard } from "@/components/access/access-usage-card";
import { AlertPreferencesCard } from "./alert-preferences-card";
import { ApiTokensCard } from "./api-tokens-card";
import { InvoiceTable } from "./invoice-table";
import { MarketSummaryCard } from "./market-summary-card";
import { PasswordCard } from "./password-card";
import { ProfileCard } from "./profile-card";
import { QuickLinks } from "./quick-links";
import { StatsCard } from "./stats-card";
import { SubscriptionCard } from "./subscription-card";
import { TeamCard } from "./team-card";

/** `marketSummary`: the market card's first answer, streamed after the page (lib/dashboard/load-dashboard.ts). */
export function DashboardView({ marketSummary }: { marketSummary?: Promise<TOverviewData | null> }) {
  const { user } = useCurrentUser();
  // billing is the workspace owner's: other members see neither the invoices nor their requests
  const { isOwner } = useWorkspaceRole();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">
          Bonjour, {user?.firstName || "Utilisateur"} !
        </h1>
        <p className="mt-1 text-sm text-zinc-500">
          Votre compte, votre abonnement et vos factures en un coup d&apos;œil.
        </p>
      </div>

      <VerifyEmailBanner />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ProfileCard />
          <PasswordCard />
          <AlertPreferencesCard />
          <AlertChannelsCard />
          <ReportPreferencesCard />
        </div>
        <div className="min-w-0 space-y-6">
          <SubscriptionCard />
          <TeamCard />
          <MarketSummaryCard initial={marketSummary} />
          <StatsCard />
          <AccessUsageCard />
          <QuickLinks />
        </div>
        {isOwner ? (
          <div className="min-w-0 lg:col-span-3">
            <InvoiceTable />
          </div>
        ) : null}
        <div className="min-w-0 lg:col-span-3">
          <ApiTokensCard />
        </div>
      </div>
    </div>
  );
}
