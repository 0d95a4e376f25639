"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MSG, ZRegisterForm, type TRegisterForm } from "@/lib/auth/schemas";
import { ApiClientError, apiFetch } from "@/client/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REDIRECT_DELAY_MS = 2000;

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
  const [banner, setBanner] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
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
      if (ordered) return setBanner({ tone: "error", text: ordered });
      setBanner(null);
      setPending(true);
      try {
        await apiFetch("/api/auth/register", {
          method: "POST",
          fallback: "Échec de l'inscription",
          body: {
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            email: values.email.trim(),
            password: values.password,
            planId: plan === null ? null : /^\d+$/.test(plan) ? Number(plan) : plan,
          },
        });
        setDone(true);
        setBanner({ tone: "success", text: "Inscription réussie ! Redirection..." });
        timer.current = setTimeout(() => {
          router.push(plan ? `/subscriptions?plan=${encodeURIComponent(plan)}` : "/login?registered=1");
        }, REDIRECT_DELAY_MS);
      } catch (err) {
        const text =
          err instanceof ApiClientError && err.status > 0 ? err.message : "Une erreur inattendue est survenue";
        setBanner({ tone: "error", text });
      } finally {
        setPending(false);
      }
    },
    () => setBanner({ tone: "error", text: firstRegisterError(getValues()) ?? MSG.allRequired }),
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
      {banner ? <Alert tone={banner.tone}>{banner.text}</Alert> : null}
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
