"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import type { TTeam } from "@/client/hooks/use-team";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formatDate } from "@/lib/format";
import { ROLE_LABELS, type TInvite, ZInvite } from "@/lib/team/schemas";

const INVITE_ERROR = "Erreur lors de l'envoi de l'invitation";
const ACTION_ERROR = "Erreur lors de la mise à jour de l'invitation";

/** An owner invites by e-mail with a role; pending invitations are listed, sent again or revoked. */
export function InvitationsCard({ team, reload }: { team: TTeam; reload: () => void }) {
  const { busy, message, clear, run } = useAction<string>();
  const full = team.seats.max !== null && team.seats.used >= team.seats.max;
  const form = useForm<TInvite, unknown, z.output<typeof ZInvite>>({
    resolver: zodResolver(ZInvite),
    defaultValues: { email: "", role: "editor" },
  });

  async function invite(values: z.output<typeof ZInvite>) {
    const done = await run(
      "invite",
      () => apiFetch("/api/workspaces/current/invitations", { method: "POST", body: values, fallback: INVITE_ERROR }),
      { error: INVITE_ERROR, success: `Invitation envoyée à ${values.email}` },
    );
    if (done === undefined) return;
    form.reset({ email: "", role: values.role });
    reload();
  }

  async function act(id: string, email: string, kind: "resend" | "revoke") {
    const path = `/api/workspaces/current/invitations/${id}${kind === "resend" ? "/resend" : ""}`;
    await run(
      `${kind}:${id}`,
      () => apiFetch(path, { method: kind === "resend" ? "POST" : "DELETE", fallback: ACTION_ERROR }),
      {
        error: ACTION_ERROR,
        success: kind === "resend" ? `Invitation renvoyée à ${email}` : `Invitation de ${email} annulée`,
      },
    );
    reload();
  }

  return (
    <Card>
      <CardHeader
        title="Inviter un membre"
        description="Un lien valable 7 jours est envoyé par email ; il ne sert qu'une fois."
      />
      <CardBody className="space-y-4">
        {full ? (
          <Alert tone="info">
            Votre abonnement inclut {team.seats.max} membre{(team.seats.max ?? 0) > 1 ? "s" : ""} : toutes les places
            sont prises (invitations en attente comprises).{" "}
            <Link href="/subscriptions" className="font-medium underline">
              Voir les abonnements
            </Link>
          </Alert>
        ) : null}
        <form noValidate onSubmit={form.handleSubmit(invite)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Adresse email" error={form.formState.errors.email?.message} className="min-w-0 flex-1">
            <Input type="email" autoComplete="off" placeholder="prenom.nom@entreprise.fr" {...form.register("email")} />
          </Field>
          <Field label="Rôle" className="sm:w-44">
            <Select {...form.register("role")}>
              <option value="editor">{ROLE_LABELS.editor}</option>
              <option value="reader">{ROLE_LABELS.reader}</option>
              <option value="owner">{ROLE_LABELS.owner}</option>
            </Select>
          </Field>
          <Button type="submit" loading={busy === "invite"} disabled={full}>
            {busy === "invite" ? "Envoi..." : "Inviter"}
          </Button>
        </form>
        <ActionAlert message={message} onDismiss={clear} />
        <div>
          <h3 className="mb-2 text-sm font-medium text-zinc-900">Invitations en attente</h3>
          {team.invitations.length === 0 ? (
            <p className="text-sm text-zinc-500">Aucune invitation en attente</p>
          ) : (
            <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
              {team.invitations.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-zinc-900">{i.email}</p>
                    <p className="text-xs text-zinc-500">
                      {ROLE_LABELS[i.role]} · expire le {formatDate(i.expires_at)}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy !== null}
                      onClick={() => act(i.id, i.email, "resend")}
                    >
                      Renvoyer
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      disabled={busy !== null}
                      onClick={() => act(i.id, i.email, "revoke")}
                      aria-label={`Annuler l'invitation de ${i.email}`}
                    >
                      Annuler
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
