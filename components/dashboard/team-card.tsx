"use client";

import Link from "next/link";
import { useTeam } from "@/client/hooks/use-team";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ROLE_LABELS } from "@/lib/team/schemas";

/** The dashboard's Équipe card: the workspace, my role, its members and seats; the Équipe page behind. */
export function TeamCard() {
  const { data, error } = useTeam();
  const n = data?.members.length ?? 0;
  return (
    <Card>
      <CardHeader title="Équipe" description={data ? `Espace « ${data.workspace.name} »` : undefined} />
      <CardBody className="space-y-3">
        {data ? (
          <p className="text-sm text-zinc-700">
            {n} membre{n > 1 ? "s" : ""}
            {data.seats.max !== null && data.workspace.role === "owner"
              ? ` · ${data.seats.used}/${data.seats.max} places`
              : ""}{" "}
            · votre rôle : {ROLE_LABELS[data.workspace.role]}
          </p>
        ) : error ? (
          <p className="text-sm text-red-700">{error.message}</p>
        ) : (
          <Skeleton className="h-5 w-2/3" />
        )}
        <Link href="/team" className={buttonClasses("secondary", "sm")}>
          {data?.workspace.role === "owner" ? "Inviter et gérer l'équipe" : "Voir l'équipe"}
        </Link>
      </CardBody>
    </Card>
  );
}
