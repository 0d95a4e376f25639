"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, useState } from "react";
import { ApiClientError } from "@/client/api-client-error";
import { useAction } from "@/client/hooks/use-action";
import { MSG } from "@/lib/auth/messages";
import { safeRedirect } from "@/lib/safe-redirect";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { linkClass } from "./auth-card";

const FALLBACK = "Échec de la connexion";

export const ACCOUNT_CREATED = "Votre compte a été créé. Connectez-vous pour commencer.";

/** next-auth returns either our French message or a bare code such as "CredentialsSignin". */
function loginErrorText(error: string): string {
  if (error === "CredentialsSignin") return "Identifiants incorrects";
  if (/^[A-Za-z_]+$/.test(error)) return FALLBACK;
  return error;
}

export function LoginForm() {
  const router = useRouter();
  const params = useSearchParams();
  const target = safeRedirect(params.get("redirect"));
  const registered = params.get("registered") === "1";
  const { busy, error: serverError, run } = useAction();
  const pending = busy !== null;
  const [missing, setMissing] = useState({ email: false, password: false });

  // The form's only rule is the server's first one (ZLogin: both fields required): two fields need neither zod
  // nor a form library, and next-auth's client loads on the first submit.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "");
    const password = String(data.get("password") ?? "");
    const blank = { email: email.trim() === "", password: password.trim() === "" };
    setMissing(blank);
    if (blank.email || blank.password) return;
    await run(
      "login",
      async () => {
        const { signIn } = await import("next-auth/react");
        const res = await signIn("credentials", { email, password, redirect: false });
        if (!res || res.error || !res.ok)
          throw new ApiClientError(res?.error ? loginErrorText(res.error) : FALLBACK, 0);
        router.replace(target);
        router.refresh();
      },
      { error: FALLBACK, navigates: true },
    );
  }

  const validationError = missing.email || missing.password ? MSG.fillAll : null;
  const banner = validationError ?? serverError;

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
      {banner ? (
        <Alert tone="error">{banner}</Alert>
      ) : registered ? (
        <Alert tone="success">{ACCOUNT_CREATED}</Alert>
      ) : null}
      <Field label="Adresse email">
        <Input type="email" autoComplete="email" inputMode="email" name="email" invalid={missing.email} />
      </Field>
      <Field
        label="Mot de passe"
        aside={
          <Link href="/forgot-password" className={`text-sm ${linkClass}`}>
            Mot de passe oublié ?
          </Link>
        }
      >
        <Input type="password" autoComplete="current-password" name="password" invalid={missing.password} />
      </Field>
      <Button type="submit" className="w-full" loading={pending}>
        {pending ? "Connexion..." : "Se connecter"}
      </Button>
    </form>
  );
}
