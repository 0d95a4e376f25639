"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { ZCreateApiToken, type TCreateApiToken } from "@/lib/api-tokens/schemas";
import { formatDateTime } from "@/lib/format";
import { useApiTokens } from "@/client/hooks/use-api-tokens";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";

const CREATE_ERROR = "Erreur lors de la création du jeton";
const REVOKE_ERROR = "Erreur lors de la révocation du jeton";

type Token = { id: string; name: string; prefix: string; created_at: string; last_used_at: string | null };
type Created = Token & { token: string };

/** Integration tokens: create (shown once), list with last use, revoke. Plans with automation only. */
export function ApiTokensCard() {
  const { data, error, isLoading: loading, mutate: reload } = useApiTokens();
  const [created, setCreated] = useState<Created | null>(null);
  const [copied, setCopied] = useState(false);
  const [toRevoke, setToRevoke] = useState<Token | null>(null);
  const { busy, message, clear, run } = useAction<"create" | "revoke">();
  const revoking = busy === "revoke";
  const form = useForm<TCreateApiToken, unknown, z.output<typeof ZCreateApiToken>>({
    resolver: zodResolver(ZCreateApiToken),
    defaultValues: { name: "" },
  });

  async function create(values: z.output<typeof ZCreateApiToken>) {
    setCopied(false);
    const res = await run(
      "create",
      () => apiFetch<Created>("/api/tokens", { method: "POST", body: values, fallback: CREATE_ERROR }),
      { error: CREATE_ERROR },
    );
    if (!res) return;
    setCreated(res);
    form.reset({ name: "" });
    void reload();
  }

  async function revoke() {
    if (!toRevoke) return;
    const token = toRevoke;
    const done = await run(
      "revoke",
      async () => {
        await apiFetch(`/api/tokens/${token.id}`, { method: "DELETE", fallback: REVOKE_ERROR });
        return true;
      },
      { error: REVOKE_ERROR, success: `Jeton « ${token.name} » révoqué` },
    );
    setToRevoke(null);
    if (!done) return;
    if (created?.id === token.id) setCreated(null);
    void reload();
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Jetons d'API"
        description={
          <>
            Pour vos intégrations : envoyez le jeton dans l&apos;en-tête{" "}
            <code className="text-xs">Authorization: Bearer</code>.{" "}
            <Link href="/docs/api" className="font-medium text-brand-700 hover:underline">
              Documentation de l&apos;API
            </Link>
          </>
        }
      />
      <CardBody className="space-y-4">
        {loading && !data ? (
          <div role="status" aria-label="Chargement des jetons" className="space-y-2">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : error && !data ? (
          <Alert tone="error">{error.message}</Alert>
        ) : data ? (
          <>
            {data.can_create ? (
              <form noValidate onSubmit={form.handleSubmit(create)} className="flex flex-wrap items-end gap-2">
                <Field label="Nom du jeton" error={form.formState.errors.name?.message} className="min-w-48 flex-1">
                  <Input placeholder="ex. Export ERP" maxLength={100} {...form.register("name")} />
                </Field>
                <Button type="submit" loading={busy === "create"}>
                  {busy === "create" ? "Création..." : "Créer un jeton"}
                </Button>
              </form>
            ) : (
              <Alert tone="info">
                Les jetons d&apos;API sont réservés aux abonnements avec automatisation.{" "}
                <Link href="/subscriptions" className="font-medium underline">
                  Voir les abonnements
                </Link>
              </Alert>
            )}

            {created ? (
              <Alert
                tone="success"
                title="Jeton créé : copiez-le maintenant, il ne sera plus affiché."
                onDismiss={() => setCreated(null)}
              >
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <code
                    className="max-w-full rounded bg-white px-2 py-1 text-xs break-all text-zinc-900 ring-1 ring-green-200"
                    data-testid="api-token-secret"
                  >
                    {created.token}
                  </code>
                  <Button variant="secondary" size="sm" onClick={copy}>
                    {copied ? "Copié" : "Copier"}
                  </Button>
                </div>
              </Alert>
            ) : null}
            <ActionAlert message={message} onDismiss={clear} />

            {data.tokens.length === 0 ? (
              <p className="text-sm text-zinc-500">Aucun jeton d&apos;API</p>
            ) : (
              <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
                {data.tokens.map((t) => (
                  <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium text-zinc-900">{t.name}</p>
                      <p className="num text-xs text-zinc-500">
                        <code>{t.prefix}…</code> · créé le {formatDateTime(t.created_at)} ·{" "}
                        {t.last_used_at
                          ? `dernière utilisation le ${formatDateTime(t.last_used_at)}`
                          : "jamais utilisé"}
                      </p>
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      onClick={() => setToRevoke(t)}
                    >
                      Révoquer
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </CardBody>
      <Dialog
        open={toRevoke !== null}
        onClose={() => (revoking ? undefined : setToRevoke(null))}
        title="Révoquer ce jeton ?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setToRevoke(null)} disabled={revoking}>
              Annuler
            </Button>
            <Button variant="danger" onClick={revoke} loading={revoking}>
              {revoking ? "Révocation..." : "Révoquer"}
            </Button>
          </>
        }
      >
        {toRevoke ? (
          <p className="text-sm text-zinc-600">
            Les intégrations qui utilisent « {toRevoke.name} » recevront aussitôt une erreur 401. Cette action est
            irréversible.
          </p>
        ) : null}
      </Dialog>
    </Card>
  );
}
