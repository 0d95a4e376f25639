"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { ZForgotPassword, type TForgotPassword } from "@/lib/auth/schemas";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const FALLBACK = "Une erreur est survenue. Veuillez réessayer.";

export function ForgotPasswordForm() {
  const { busy, message, run } = useAction();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TForgotPassword, unknown, z.output<typeof ZForgotPassword>>({
    resolver: zodResolver(ZForgotPassword),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    await run(
      "send",
      () =>
        apiFetch<{ message?: string }>("/api/auth/forgot-password", {
          method: "POST",
          body: { email },
          fallback: FALLBACK,
        }),
      {
        error: FALLBACK,
        success: (res) => res?.message || "Si un compte existe pour cette adresse, un email vous a été envoyé.",
      },
    );
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
      {errors.email?.message ? <Alert tone="error">{errors.email.message}</Alert> : null}
      <ActionAlert message={message} />
      <Field label="Adresse email">
        <Input type="email" autoComplete="email" inputMode="email" invalid={!!errors.email} {...register("email")} />
      </Field>
      <Button type="submit" className="w-full" loading={busy !== null}>
        {busy ? "Envoi..." : "Envoyer le lien de réinitialisation"}
      </Button>
    </form>
  );
}
