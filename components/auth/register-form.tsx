"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MSG, ZRegisterForm, type TRegisterForm } from "@/lib/auth/schemas";
import { ApiClientError, apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { ActionAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REDIRECT_DELAY_MS = 2000;
const UNEXPECTED = "Une erreur inattendue est survenue";

/** The one banner to show, in SPEC.md §5 order: required, mismatch, e-mail shape, length. */
function firstRegisterError(v: TRegisterForm): string | null {
  const filled =
    [v.first_name, v.last_name, v.email].every((s) => s.trim() !== "") &&
    v.password !== "" &&
    v.confirm_password !== "";
  if (!filled) return MSG.allRequired;
  if (v.password !== v.confirm_password) return MSG.mismatch;
  if (!EMAIL_SHAPE.test(v.email.trim())) return MSG.invalidEmail;
  if (v.password.length < 8) return MSG.password8;
  return null;
}

export function RegisterForm() {
  const router = useRouter();
  const plan = useSearchParams().get("plan")?.trim() || null;
  const { busy, message, fail, run } = useAction();
  const pending = busy !== null;
  const done = message?.tone === "success";
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<TRegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { first_name: "", last_name: "", email: "", password: "", confirm_password: "" },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      const ordered = firstRegisterError(values);
      if (ordered) return fail(ordered);
      const body = {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        password: values.password,
        planId: plan === null ? null : /^\d+$/.test(plan) ? Number(plan) : plan,
      };
      const created = await run(
        "register",
        // the server's message when it answered; UNEXPECTED when it could not be reached
        () =>
          apiFetch("/api/auth/register", { method: "POST", fallback: "Échec de l'inscription", body }).then(
            () => true,
            (err) => {
              throw err instanceof ApiClientError && err.status > 0 ? err : new Error(UNEXPECTED);
            },
          ),
        { error: UNEXPECTED, success: "Inscription réussie ! Redirection..." },
      );
      if (!created) return;
      timer.current = setTimeout(() => {
        router.push(plan ? `/subscriptions?plan=${encodeURIComponent(plan)}` : "/login?registered=1");
      }, REDIRECT_DELAY_MS);
    },
    () => fail(firstRegisterError(getValues()) ?? MSG.allRequired),
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
      <ActionAlert message={message} />
      {plan && !done ? (
        <p className="rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-600">
          Après l&apos;inscription, vous pourrez finaliser l&apos;abonnement au plan choisi.
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Prénom">
          <Input autoComplete="given-name" invalid={!!errors.first_name} {...register("first_name")} />
        </Field>
        <Field label="Nom">
          <Input autoComplete="family-name" invalid={!!errors.last_name} {...register("last_name")} />
        </Field>
      </div>
      <Field label="Adresse email">
        <Input type="email" autoComplete="email" inputMode="email" invalid={!!errors.email} {...register("email")} />
      </Field>
      <Field label="Mot de passe" hint="8 caractères minimum.">
        <Input type="password" autoComplete="new-password" invalid={!!errors.password} {...register("password")} />
      </Field>
      <Field label="Confirmer le mot de passe">
        <Input
          type="password"
          autoComplete="new-password"
          invalid={!!errors.confirm_password}
          {...register("confirm_password")}
        />
      </Field>
      <Button type="submit" className="w-full" loading={pending} disabled={done}>
        {pending ? "Inscription..." : "Créer mon compte"}
      </Button>
    </form>
  );
}
