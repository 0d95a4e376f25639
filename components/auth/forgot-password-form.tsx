"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { ZForgotPassword, type TForgotPassword } from "@/lib/auth/schemas";
import { apiFetch, errorMessage } from "@/client/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const FALLBACK = "Une erreur est survenue. Veuillez réessayer.";

export function ForgotPasswordForm() {
  const [result, setResult] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TForgotPassword, unknown, z.output<typeof ZForgotPassword>>({
    resolver: zodResolver(ZForgotPassword),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      const res = await apiFetch<{ message?: string }>("/api/auth/forgot-password", {
        method: "POST",
        body: { email },
        fallback: FALLBACK,
      });
      setResult({
        tone: "success",
        text: res?.message || "Si un compte existe pour cette adresse, un email vous a été envoyé.",
      });
    } catch (err) {
      setResult({ tone: "error", text: errorMessage(err, FALLBACK) });
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
      {errors.email?.message ? <Alert tone="error">{errors.email.message}</Alert> : null}
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <Field label="Adresse email">
        <Input type="email" autoComplete="email" inputMode="email" invalid={!!errors.email} {...register("email")} />
      </Field>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? "Envoi..." : "Envoyer le lien de réinitialisation"}
      </Button>
    </form>
  );
}
