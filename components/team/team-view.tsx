"use client";

import { useTeam } from "@/client/hooks/use-team";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { ROLE_LABELS } from "@/lib/team/schemas";
import { AuditCard } from "./audit-card";
import { DeleteWorkspaceCard } from "./delete-workspace-card";
import { InvitationsCard } from "./invitations-card";
import { MembersCard } from "./members-card";

/** The Équipe page: members for everyone; invitations and the audit log for owners. */
export function TeamView() {
  const { data, error, isLoading, mutate } = useTeam();
  const reload = () => void mutate();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">Équipe</h1>
        <p className="mt-1 text-sm text-zinc-500">
          {data
            ? `Espace « ${data.workspace.name} » · votre rôle : ${ROLE_LABELS[data.workspace.role]}`
            : "Les membres de votre espace et leurs rôles."}
        </p>
      </div>
      {isLoading && !data ? (
        <div role="status" aria-label="Chargement de l'équipe" className="space-y-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : error && !data ? (
        <Alert tone="error">{error.message}</Alert>
      ) : data ? (
        <div className="space-y-6">
          <MembersCard team={data} reload={reload} />
          {data.workspace.role === "owner" ? (
            <>
              <InvitationsCard team={data} reload={reload} />
              <AuditCard />
              <DeleteWorkspaceCard name={data.workspace.name} />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
