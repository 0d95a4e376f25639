"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MSG, ZResetPasswordForm, type TResetPasswordForm } from "@/lib/auth/schemas";
import { ApiClientError, apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadingBlock } from "@/components/ui/spinner";

const STORAGE_KEY = "veilleprix_reset_token";
const REDIRECT_DELAY_MS = 2000;
const INVALID_LINK = "Lien invalide ou expiré. Veuillez demander un nouveau lien de réinitialisation.";
const EXPIRED = "Session expirée. Veuillez demander un nouveau lien de réinitialisation.";
const SUCCESS = "Votre mot de passe a été réinitialisé avec succès!";
const FALLBACK = "Une erreur est survenue. Veuillez réessayer.";

function readStoredToken(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function forgetToken() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}

/** The ordered banner: required, mismatch, length (SPEC.md §5). */
function firstResetError(v: TResetPasswordForm): string | null {
  if (!v.password || !v.confirm_password) return MSG.fillAll;
  if (v.password !== v.confirm_password) return MSG.mismatch;
  if (v.password.length < 6) return MSG.password6;
  return null;
}

export function ResetPasswordForm() {
  const router = useRouter();
  const [linkState, setLinkState] = useState<"checking" | "ready" | "invalid">("checking");
  const { busy, message, fail, clear, run } = useAction();
  const done = message?.tone === "success";
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The token arrives in the hash (#access_token=...&type=recovery); keep it for this tab, then drop it from the URL.
  // A link pasted into a tab already on this page changes only the hash: read it again then.
  useEffect(() => {
    const readLink = () => {
      const hash = new URLSearchParams(window.location.hash.replace(/^#/, ""));
      const fromLink = hash.get("access_token");
      if (fromLink) {
        try {
          sessionStorage.setItem(STORAGE_KEY, fromLink);
        } catch {
          /* storage unavailable: the submit will report an expired session */
        }
        window.history.replaceState(null, "", window.location.pathname + window.location.search);
        clear();
      }
      setLinkState(fromLink || readStoredToken() ? "ready" : "invalid");
    };
    readLink();
    window.addEventListener("hashchange", readLink);
    return () => {
      window.removeEventListener("hashchange", readLink);
      clearTimeout(timer.current);
    };
  }, []);

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: "", confirm_password: "" },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      const ordered = firstResetError(values);
      if (ordered) return fail(ordered);
      const token = readStoredToken();
      if (!token) return fail(EXPIRED);
      const reset = await run(
        "reset",
        () =>
          apiFetch("/api/auth/reset-password", {
            method: "POST",
            headers: { Authorization: `Bearer ${token}` },
            body: { password: values.password },
            fallback: FALLBACK,
          }).then(
            () => true,
            (err) => {
              // a refused token will not work on a retry either
              if (err instanceof ApiClientError && err.status === 401) forgetToken();
              throw err;
            },
          ),
        { error: FALLBACK, success: SUCCESS },
      );
      if (!reset) return;
      forgetToken();
      timer.current = setTimeout(() => router.push("/login"), REDIRECT_DELAY_MS);
    },
    () => fail(firstResetError(getValues()) ?? MSG.fillAll),
  );

  if (linkState === "checking") return <LoadingBlock />;

  if (linkState === "invalid") {
    return (
      <div className="space-y-5">
        <Alert tone="error">{INVALID_LINK}</Alert>
        <Link href="/forgot-password" className={buttonClasses("primary", "md", "w-full")}>
          Demander un nouveau lien
        </Link>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
      <ActionAlert message={message} />
      {message?.text === EXPIRED ? (
        <Link href="/forgot-password" className="block text-sm font-medium text-brand-700 hover:underline">
          Demander un nouveau lien
        </Link>
      ) : null}
      <Field label="Nouveau mot de passe" hint="6 caractères minimum.">
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
      <Button type="submit" className="w-full" loading={busy !== null} disabled={done}>
        {busy ? "Enregistrement..." : "Réinitialiser le mot de passe"}
      </Button>
    </form>
  );
}
