"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/client/api-client";
import { errorMessage } from "@/client/api-client-error";
import type { TFeed } from "@/client/hooks/use-feeds";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { MAX_FEED_BYTES, postFeedFile, TOO_LARGE } from "./post-feed-file";

const CREATE_ERROR = "Erreur lors de l'ajout du flux";

/** Adds a feed, from an address read on a schedule or from a file; the feed's page then shows its mapping. */
export function AddFeedForm() {
  const router = useRouter();
  const [source, setSource] = useState<"url" | "file">("url");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [frequency, setFrequency] = useState("daily");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (source === "file" && !file) return setError("Choisissez un fichier");
    if (file && source === "file" && file.size > MAX_FEED_BYTES) return setError(TOO_LARGE);
    setBusy(true);
    try {
      const feed =
        source === "url"
          ? await apiFetch<TFeed>("/api/feeds", {
              method: "POST",
              body: { name, url, frequency },
              fallback: CREATE_ERROR,
            })
          : await postFeedFile<TFeed>("/api/feeds/upload", file!, CREATE_ERROR, name);
      router.push(`/feeds/${feed.id}`);
    } catch (err) {
      setError(errorMessage(err, CREATE_ERROR));
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Ajouter un flux" />
      <CardBody>
        <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <fieldset className="flex gap-4 text-sm">
            <legend className="sr-only">Source du flux</legend>
            {(
              [
                ["url", "Adresse (URL)"],
                ["file", "Fichier"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="source" checked={source === value} onChange={() => setSource(value)} />
                {label}
              </label>
            ))}
          </fieldset>
          <Field label="Nom du flux" optional={source === "file"}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          </Field>
          {source === "url" ? (
            <>
              <Field label="Adresse du flux" hint="Google Merchant (XML, TSV), export CSV Shopify, WooCommerce…">
                <Input
                  type="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://boutique.fr/flux.xml"
                />
              </Field>
              <Field label="Relecture">
                <Select value={frequency} onChange={(e) => setFrequency(e.target.value)}>
                  <option value="hourly">Toutes les heures</option>
                  <option value="daily">Quotidienne</option>
                  <option value="weekly">Hebdomadaire</option>
                </Select>
              </Field>
            </>
          ) : (
            <Field label="Fichier" hint="CSV, TSV, XLSX ou XML, 25 Mo au plus">
              <input
                type="file"
                accept=".csv,.tsv,.txt,.xlsx,.xml"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700"
              />
            </Field>
          )}
          <Button type="submit" loading={busy} className="w-full">
            Ajouter le flux
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
