"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useState } from "react";
import { apiFetch, setShownWorkspace } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import type { Jsonify } from "@/client/jsonify";
import { useCurrentUser } from "@/client/use-current-user";
import { linkClass } from "@/components/auth/auth-card";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { MSG } from "@/lib/auth/messages";
import type { previewInvitation } from "@/lib/team";
import { ROLE_LABELS } from "@/lib/team/schemas";

type TPreview = Jsonify<Awaited<ReturnType<typeof previewInvitation>>>;

const STORE_KEY = "veilleprix:invitation";
const ACCEPT_ERROR = "L'invitation n'a pas pu être acceptée";

/** The link's secret: from the fragment of the mailed link, else kept across a sign-in in this tab. */
function readToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get("token");
  if (fromHash) {
    sessionStorage.setItem(STORE_KEY, fromHash);
    history.replaceState(null, "", window.location.pathname);
    return fromHash;
  }
  return sessionStorage.getItem(STORE_KEY);
}

/**
 * The invitation link lands here: what it offers, then accept (signed in with the invited address), sign in,
 * or create the account for that address (locked); a link that cannot serve says why.
 */
export function InvitationView() {
  const router = useRouter();
  const { user } = useCurrentUser();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy, message, clear, run, fail } = useAction<"accept" | "register">();

  useEffect(() => {
    const found = readToken();
    setToken(found);
    if (!found) return;
    apiFetch<TPreview>("/api/invitations/preview", { method: "POST", body: { token: found }, fallback: ACCEPT_ERROR })
      .then(setPreview)
      .catch((err: Error) => setLoadError(err.message));
  }, []);

  async function joined() {
    sessionStorage.removeItem(STORE_KEY);
    // the session now acts in the joined workspace: this page asked for it
    setShownWorkspace(null);
    router.replace("/products");
    router.refresh();
  }

  async function accept() {
    const done = await run(
      "accept",
      () => apiFetch("/api/invitations/accept", { method: "POST", body: { token }, fallback: ACCEPT_ERROR }),
      { error: ACCEPT_ERROR, navigates: true },
    );
    if (done) await joined();
  }

  async function register(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (k: string) => String(data.get(k) ?? "");
    if (!value("first_name").trim() || !value("last_name").trim() || !value("password")) return fail(MSG.allRequired);
    if (value("password").length < 8) return fail(MSG.password8);
    if (value("password") !== value("confirm_password")) return fail(MSG.mismatch);
    const done = await run(
      "register",
      async () => {
        const body = {
          token,
          first_name: value("first_name"),
          last_name: value("last_name"),
          password: value("password"),
        };
        await apiFetch("/api/invitations/register", { method: "POST", body, fallback: ACCEPT_ERROR });
        const { signIn } = await import("next-auth/react");
        await signIn("credentials", { email: preview!.email, password: value("password"), redirect: false });
        return true;
      },
      { error: ACCEPT_ERROR, navigates: true },
    );
    if (done) await joined();
  }

  if (token === undefined || (token && !preview && !loadError)) {
    return (
      <p role="status" className="text-center text-sm text-zinc-500">
        Chargement de l&apos;invitation...
      </p>
    );
  }
  if (!token || loadError || !preview) {
    return (
      <Alert tone="error" title="Invitation inutilisable">
        {loadError ?? "Lien d'invitation invalide. Vérifiez que vous avez copié le lien en entier."}
      </Alert>
    );
  }
  const role = ROLE_LABELS[preview.role].toLowerCase();
  const asRole = /^[aeiouéèh]/i.test(role) ? `en tant qu'${role}` : `en tant que ${role}`;
  const signedInAs = user?.email.toLowerCase();
  return (
    <div className="space-y-5">
      <p className="text-center text-sm text-zinc-700">
        {preview.inviter_name || "Un propriétaire"} vous invite à rejoindre l&apos;espace{" "}
        <strong className="text-zinc-900">{preview.workspace_name}</strong> {asRole}, avec l&apos;adresse{" "}
        <strong className="text-zinc-900">{preview.email}</strong>.
      </p>
      <ActionAlert message={message} onDismiss={clear} />
      {signedInAs === preview.email ? (
        <Button className="w-full" onClick={accept} loading={busy === "accept"}>
          {busy === "accept" ? "Acceptation..." : "Accepter l'invitation"}
        </Button>
      ) : signedInAs ? (
        <Alert tone="warning">
          Vous êtes connecté avec {user?.email}. Cette invitation a été envoyée à {preview.email} : déconnectez-vous,
          puis ouvrez de nouveau le lien.
        </Alert>
      ) : preview.has_account ? (
        <Link href="/login?redirect=%2Finvitation" className={`${linkClass} block text-center`}>
          Se connecter pour accepter l&apos;invitation
        </Link>
      ) : (
        <form method="post" onSubmit={register} noValidate className="space-y-4">
          <Field label="Adresse email" hint="L'adresse de l'invitation : elle ne peut pas être modifiée.">
            <Input type="email" name="email" value={preview.email} readOnly aria-readonly="true" />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Prénom">
              <Input name="first_name" autoComplete="given-name" maxLength={100} />
            </Field>
            <Field label="Nom">
              <Input name="last_name" autoComplete="family-name" maxLength={100} />
            </Field>
          </div>
          <Field label="Mot de passe">
            <Input type="password" name="password" autoComplete="new-password" />
          </Field>
          <Field label="Confirmer le mot de passe">
            <Input type="password" name="confirm_password" autoComplete="new-password" />
          </Field>
          <Button type="submit" className="w-full" loading={busy === "register"}>
            {busy === "register" ? "Création du compte..." : "Créer mon compte et rejoindre l'espace"}
          </Button>
        </form>
      )}
    </div>
  );
}
