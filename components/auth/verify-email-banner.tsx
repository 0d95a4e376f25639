"use client";

import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { useCurrentUser } from "@/client/use-current-user";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

const RESEND_ERROR = "L'email de vérification n'a pas pu être renvoyé";

/** Asks a signed-in user whose address is not verified to follow the link sent to it (dashboard, products). */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  const { busy, message, clear, run } = useAction();
  if (!user || user.emailVerified) return null;
  const resend = () =>
    run(
      "resend",
      () =>
        apiFetch<{ message: string }>("/api/auth/verify-email/resend", {
          method: "POST",
          body: {},
          fallback: RESEND_ERROR,
        }),
      { error: RESEND_ERROR, success: (r) => r.message },
    );
  return (
    <div className="mb-6 space-y-2">
      <Alert tone="warning" title="Vérifiez votre adresse email">
        <p>
          Nous avons envoyé un lien à {user.email}. Tant qu&apos;il n&apos;est pas suivi, aucune alerte ni aucun rapport
          n&apos;est envoyé à cette adresse.
        </p>
        <Button type="button" variant="secondary" className="mt-2" loading={busy !== null} onClick={resend}>
          Renvoyer l&apos;e-mail
        </Button>
      </Alert>
      <ActionAlert message={message} onDismiss={clear} />
    </div>
  );
}
