"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch, setShownWorkspace } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import type { TTeam } from "@/client/hooks/use-team";
import { ActionAlert } from "@/components/ui/alert";
import { AlertDialog, AlertDialogCancel } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { formatDate } from "@/lib/format";
import { ROLE_LABELS } from "@/lib/team/schemas";

type Member = TTeam["members"][number];
const ROLE_ERROR = "Erreur lors du changement de rôle";
const REMOVE_ERROR = "Erreur lors du retrait du membre";

const fullName = (m: Member) => `${m.first_name} ${m.last_name}`.trim() || m.email;

/** Members with their role and arrival; an owner changes roles and removes, anyone may leave. */
export function MembersCard({ team, reload }: { team: TTeam; reload: () => void }) {
  const router = useRouter();
  const owner = team.workspace.role === "owner";
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const { busy, message, clear, run } = useAction<string>();
  const leaving = toRemove?.user_id === team.me;
  // the last owner cannot leave (the server refuses it too): no button to offer it
  const owners = team.members.filter((m) => m.role === "owner").length;

  async function setRole(member: Member, role: string) {
    await run(
      `role:${member.user_id}`,
      () =>
        apiFetch(`/api/workspaces/current/members/${member.user_id}`, {
          method: "PATCH",
          body: { role },
          fallback: ROLE_ERROR,
        }),
      { error: ROLE_ERROR, success: `Rôle de ${fullName(member)} : ${ROLE_LABELS[role as Member["role"]]}` },
    );
    reload();
  }

  async function remove() {
    if (!toRemove) return;
    const member = toRemove;
    const done = await run(
      "remove",
      () => apiFetch(`/api/workspaces/current/members/${member.user_id}`, { method: "DELETE", fallback: REMOVE_ERROR }),
      { error: REMOVE_ERROR, success: `${fullName(member)} ne fait plus partie de l'espace`, navigates: leaving },
    );
    setToRemove(null);
    if (done === undefined) return;
    if (leaving) {
      setShownWorkspace(null);
      router.replace("/dashboard");
      router.refresh();
    } else reload();
  }

  return (
    <Card>
      <CardHeader
        title="Membres"
        description={
          team.seats.max === null
            ? `${team.members.length} membre${team.members.length > 1 ? "s" : ""}`
            : `${team.seats.used} place${team.seats.used > 1 ? "s" : ""} utilisée${team.seats.used > 1 ? "s" : ""} sur ${team.seats.max} (invitations en attente comprises)`
        }
      />
      <CardBody className="space-y-4">
        <ActionAlert message={message} onDismiss={clear} />
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
          {team.members.map((m) => (
            <li
              key={m.user_id}
              className="flex flex-col gap-3 px-3 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-zinc-900">
                  {fullName(m)} {m.user_id === team.me ? <Badge tone="brand">Vous</Badge> : null}
                </p>
                <p className="text-xs break-words text-zinc-500">
                  {m.email} · membre depuis le {formatDate(m.since)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {owner ? (
                  <Select
                    aria-label={`Rôle de ${fullName(m)}`}
                    value={m.role}
                    disabled={busy !== null}
                    onChange={(e) => void setRole(m, e.target.value)}
                    className="h-9 w-40"
                  >
                    {(["owner", "editor", "reader"] as const).map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Badge>{ROLE_LABELS[m.role]}</Badge>
                )}
                {(m.user_id === team.me && !(m.role === "owner" && owners === 1)) ||
                (owner && m.user_id !== team.me) ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => setToRemove(m)}
                  >
                    {m.user_id === team.me ? "Quitter l'espace" : "Retirer"}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </CardBody>
      <AlertDialog
        open={toRemove !== null}
        onCancel={() => setToRemove(null)}
        dismissible={busy !== "remove"}
        title={leaving ? "Quitter cet espace ?" : "Retirer ce membre ?"}
        footer={
          <>
            <AlertDialogCancel asChild>
              <Button variant="secondary" disabled={busy === "remove"}>
                Annuler
              </Button>
            </AlertDialogCancel>
            <Button variant="danger" onClick={remove} loading={busy === "remove"}>
              {leaving ? "Quitter l'espace" : "Retirer"}
            </Button>
          </>
        }
      >
        {toRemove ? (
          <p className="text-sm text-zinc-600">
            {leaving
              ? `Vous n'aurez plus accès à l'espace ${team.workspace.name}. Un propriétaire pourra vous inviter de nouveau.`
              : `${fullName(toRemove)} perdra aussitôt l'accès à l'espace ${team.workspace.name}, ses jetons d'API pour cet espace compris.`}
          </p>
        ) : null}
      </AlertDialog>
    </Card>
  );
}
