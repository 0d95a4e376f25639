"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { MSG, ZUpdateProfile, type TUpdateProfile } from "@/lib/auth/schemas";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { useProfile } from "@/client/hooks/use-profile";
import { useCurrentUser } from "@/client/use-current-user";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import type { Profile } from "./types";

const UPDATE_ERROR = "Échec de la mise à jour du profil";

function toForm(p: Profile | undefined): TUpdateProfile {
  return {
    first_name: p?.first_name ?? "",
    last_name: p?.last_name ?? "",
    email: p?.email ?? "",
  };
}

export function ProfileCard() {
  const { update } = useCurrentUser();
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const { busy, message, fail, clear, run } = useAction();
  const current = toForm(profile.data);

  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<TUpdateProfile, unknown, z.output<typeof ZUpdateProfile>>({ resolver: zodResolver(ZUpdateProfile) });

  // the current password is asked (and checked by the server) only when the e-mail changes
  const emailChanged = editing && (watch("email") ?? "").trim().toLowerCase() !== current.email.toLowerCase();

  function startEdit() {
    reset(current);
    clear();
    setEditing(true);
  }

  const onSubmit = handleSubmit(
    async (values) => {
      const { current_password, ...fields } = values;
      await run(
        "save",
        async () => {
          const { message: _message, ...next } = await apiFetch<Profile & { message: string }>("/api/users/me", {
            method: "PUT",
            body: emailChanged ? { ...fields, current_password } : fields,
            fallback: UPDATE_ERROR,
          });
          void profile.mutate(next, { revalidate: false });
          setEditing(false);
          // the navbar reads the name from the session token; next-auth's jwt callback (trigger "update") refreshes it
          await update({
            firstName: next.first_name,
            lastName: next.last_name,
            email: next.email,
            name: `${next.first_name} ${next.last_name}`,
          });
        },
        { error: UPDATE_ERROR, success: "Profil mis à jour avec succès" },
      );
    },
    (errs) => {
      const anyEmpty = Object.values(errs).some((e) => e?.message === MSG.allRequired);
      fail(anyEmpty ? MSG.allRequired : (errs.email?.message ?? MSG.allRequired));
    },
  );

  const rows = [
    { label: "Prénom", value: current.first_name },
    { label: "Nom", value: current.last_name },
    { label: "Email", value: current.email },
  ];

  return (
    <Card>
      <CardHeader
        title="Informations personnelles"
        actions={
          !editing && profile.data ? (
            <Button variant="secondary" size="sm" onClick={startEdit}>
              Modifier
            </Button>
          ) : null
        }
      />
      <CardBody className="space-y-4">
        <ActionAlert message={message} onDismiss={clear} />
        {profile.isLoading && !profile.data ? (
          <div role="status" aria-label="Chargement du profil" className="space-y-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-2/3" />
          </div>
        ) : profile.error && !profile.data ? (
          <Alert tone="error">{profile.error.message}</Alert>
        ) : editing ? (
          <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Prénom">
                <Input autoComplete="given-name" invalid={!!errors.first_name} {...register("first_name")} />
              </Field>
              <Field label="Nom">
                <Input autoComplete="family-name" invalid={!!errors.last_name} {...register("last_name")} />
              </Field>
            </div>
            <Field label="Email">
              <Input type="email" autoComplete="email" invalid={!!errors.email} {...register("email")} />
            </Field>
            {emailChanged ? (
              <Field label="Mot de passe actuel" hint="Requis pour changer d'adresse email">
                <Input type="password" autoComplete="current-password" {...register("current_password")} />
              </Field>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="ghost" onClick={() => setEditing(false)} disabled={busy !== null}>
                Annuler
              </Button>
              <Button type="submit" loading={busy !== null}>
                {busy ? "Enregistrement..." : "Enregistrer"}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="divide-y divide-zinc-100">
            {rows.map((r) => (
              <div key={r.label} className="grid gap-1 py-2.5 first:pt-0 last:pb-0 sm:grid-cols-3 sm:gap-4">
                <dt className="text-sm text-zinc-500">{r.label}</dt>
                <dd className="text-sm font-medium break-words text-zinc-900 sm:col-span-2">{r.value || "—"}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
