"use client";

import { useState } from "react";
import { errorMessage } from "@/client/api-client-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { MAX_FEED_BYTES, postFeedFile, TOO_LARGE } from "./post-feed-file";

const UPLOAD_ERROR = "Erreur lors de l'envoi du fichier";

/** A file feed's new file: it replaces the feed's and a run starts (`onStarted` gets its id). */
export function NewVersionForm({ feedId, onStarted }: { feedId: string; onStarted: (runId: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!file) return setError("Choisissez un fichier");
    if (file.size > MAX_FEED_BYTES) return setError(TOO_LARGE);
    setBusy(true);
    try {
      const run = await postFeedFile<{ id: string }>(`/api/feeds/${feedId}/upload`, file, UPLOAD_ERROR);
      setFile(null);
      (e.target as HTMLFormElement).reset();
      onStarted(run.id);
    } catch (err) {
      setError(errorMessage(err, UPLOAD_ERROR));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Nouvelle version du fichier" />
      <CardBody>
        <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Field label="Nouveau fichier" hint="CSV, TSV, XLSX ou XML, 25 Mo au plus ; la correspondance est conservée">
            <input
              type="file"
              accept=".csv,.tsv,.txt,.xlsx,.xml"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700"
            />
          </Field>
          <Button type="submit" loading={busy}>
            Envoyer et lancer
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
