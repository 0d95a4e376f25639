"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { apiFetch, errorMessage } from "@/client/api-client";
import { ZCreateProductUrl, type TCreateProductUrl } from "@/lib/products/schemas";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FrequencySelect, HOURLY_HINT } from "./frequency-select";
import type { ProductUrl } from "./types";

const ADD_ERROR = "Erreur lors de l'ajout de l'URL";

type Props = {
  productId: string;
  hourlyAllowed: boolean;
  onCancel: () => void;
  onAdded: (url: ProductUrl) => void;
};

/** The new-URL form of the detail modal; the server queues the first scrape on creation. */
export function AddUrlForm({ productId, hourlyAllowed, onCancel, onAdded }: Props) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TCreateProductUrl, unknown, z.output<typeof ZCreateProductUrl>>({
    resolver: zodResolver(ZCreateProductUrl),
    defaultValues: { name: "", url: "", tracking_frequency: "daily" },
  });

  const onSubmit = handleSubmit(async (data) => {
    setServerError(null);
    try {
      const url = await apiFetch<ProductUrl>(`/api/products/${productId}/urls`, {
        method: "POST",
        body: data,
        fallback: ADD_ERROR,
      });
      onAdded(url);
    } catch (err) {
      setServerError(errorMessage(err, ADD_ERROR));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Nouvelle URL"
      className="space-y-3 rounded-xl border border-brand-200 bg-brand-50/40 p-4"
    >
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Nom de la source" error={errors.name?.message}>
          <Input placeholder="Ex. : Fnac" autoComplete="off" autoFocus {...register("name")} />
        </Field>
        <Field label="Fréquence" hint={hourlyAllowed ? undefined : HOURLY_HINT}>
          <FrequencySelect hourlyAllowed={hourlyAllowed} {...register("tracking_frequency")} />
        </Field>
        <Field label="URL" className="sm:col-span-2" error={errors.url?.message}>
          <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" {...register("url")} />
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Annuler
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? "Ajout..." : "Ajouter et scraper"}
        </Button>
      </div>
    </form>
  );
}
