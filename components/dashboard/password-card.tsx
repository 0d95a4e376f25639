"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MSG, ZChangePasswordForm, type TChangePasswordForm } from "@/lib/auth/schemas";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { ActionAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const UPDATE_ERROR = "Échec de la mise à jour du mot de passe";
const EMPTY: TChangePasswordForm = {
  current_password: "",
  new_password: "",
  confirm_password: "",
  revoke_api_tokens: true,
};

/** The ordered banner: required, mismatch, length (SPEC.md §5). */
function firstPasswordError(v: TChangePasswordForm): string | null {
  if (!v.current_password || !v.new_password || !v.confirm_password) return MSG.allRequired;
  if (v.new_password !== v.confirm_password) return MSG.mismatch;
  if (v.new_password.length < 8) return MSG.newPassword8;
  return null;
}

export function PasswordCard() {
  const { busy, message, fail, clear, run } = useAction();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<TChangePasswordForm>({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(
    async (v) => {
      const ordered = firstPasswordError(v);
      if (ordered) return fail(ordered);
      const done = await run(
        "save",
        async () => {
          await apiFetch("/api/users/me/password", {
            method: "PUT",
            body: {
              current_password: v.current_password,
              new_password: v.new_password,
              revoke_api_tokens: v.revoke_api_tokens,
            },
            fallback: UPDATE_ERROR,
          });
          return true;
        },
        { error: UPDATE_ERROR, success: "Mot de passe mis à jour avec succès" },
      );
      if (done) reset(EMPTY);
    },
    () => fail(firstPasswordError(getValues()) ?? MSG.allRequired),
  );

  return (
    <Card>
      <CardHeader title="Mot de passe" description="Choisissez un mot de passe d'au moins 8 caractères." />
      <CardBody>
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <ActionAlert message={message} onDismiss={clear} />
          <Field label="Mot de passe actuel">
            <Input
              type="password"
              autoComplete="current-password"
              invalid={!!errors.current_password}
              {...register("current_password")}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Nouveau mot de passe">
              <Input
                type="password"
                autoComplete="new-password"
                invalid={!!errors.new_password}
                {...register("new_password")}
              />
            </Field>
            <Field label="Confirmer le nouveau mot de passe">
              <Input
                type="password"
                autoComplete="new-password"
                invalid={!!errors.confirm_password}
                {...register("confirm_password")}
              />
            </Field>
          </div>
          <label className="flex items-start gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-gray-300"
              {...register("revoke_api_tokens")}
            />
            <span>
              Révoquer aussi mes jetons d&apos;API (intégrations) : les outils qui les utilisent devront recevoir un
              nouveau jeton.
            </span>
          </label>
          <div className="flex justify-end">
            <Button type="submit" loading={busy !== null}>
              {busy ? "Enregistrement..." : "Mettre à jour le mot de passe"}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
