"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { apiFetch, errorMessage } from "@/client/api-client";
import {
  identityDefaults,
  identityFormFields,
  identityPayload,
  PRODUCT_MSG,
  zMinAdvertisedPrice,
  zProductName,
} from "@/lib/products/schemas";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { IdentitySection } from "./identity-section";
import type { Product } from "./types";

const UPDATE_ERROR = "Erreur lors de la mise à jour du produit";

const ZEditProductForm = z.object({
  name: zProductName,
  description: z.string().trim().max(2000, PRODUCT_MSG.descriptionTooLong),
  min_advertised_price: zMinAdvertisedPrice,
  ...identityFormFields,
});
type TEditProductForm = z.input<typeof ZEditProductForm>;

type Props = { product: Product; onCancel: () => void; onSaved: (product: Product) => void };

export function EditProductForm({ product, onCancel, onSaved }: Props) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TEditProductForm, unknown, z.output<typeof ZEditProductForm>>({
    resolver: zodResolver(ZEditProductForm),
    defaultValues: {
      name: product.name,
      description: product.description ?? "",
      min_advertised_price: product.min_advertised_price?.replace(".", ",") ?? "",
      ...identityDefaults(product),
    },
  });

  const onSubmit = handleSubmit(async (data) => {
    setServerError(null);
    try {
      const saved = await apiFetch<Product>(`/api/products/${product.id}`, {
        method: "PUT",
        body: {
          ...identityPayload(data),
          name: data.name,
          description: data.description || null,
          min_advertised_price: data.min_advertised_price,
        },
        fallback: UPDATE_ERROR,
      });
      onSaved(saved);
    } catch (err) {
      setServerError(errorMessage(err, UPDATE_ERROR));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Modifier le produit" className="space-y-3">
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <Field label="Nom du produit" error={errors.name?.message}>
        <Input autoComplete="off" maxLength={200} autoFocus {...register("name")} />
      </Field>
      <Field label="Description" optional error={errors.description?.message}>
        <Textarea rows={2} maxLength={2000} {...register("description")} />
      </Field>
      <Field
        label="Prix minimum annoncé (€)"
        optional
        hint="Surveillance du prix minimum annoncé : les revendeurs qui affichent un prix inférieur sont signalés."
        error={errors.min_advertised_price?.message}
      >
        <Input inputMode="decimal" placeholder="49,90" {...register("min_advertised_price")} />
      </Field>
      <IdentitySection register={(n) => register(n)} errors={errors} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Annuler
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? "Enregistrement..." : "Enregistrer"}
        </Button>
      </div>
    </form>
  );
}
