"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { apiFetch, errorMessage } from "@/client/api-client";
import { PRODUCT_MSG, zProductName } from "@/lib/products/schemas";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { Product } from "./types";

const UPDATE_ERROR = "Erreur lors de la mise à jour du produit";

const ZEditProductForm = z.object({
  name: zProductName,
  description: z.string().trim().max(2000, PRODUCT_MSG.descriptionTooLong),
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
    defaultValues: { name: product.name, description: product.description ?? "" },
  });

  const onSubmit = handleSubmit(async (data) => {
    setServerError(null);
    try {
      const saved = await apiFetch<Product>(`/api/products/${product.id}`, {
        method: "PUT",
        body: { name: data.name, description: data.description || null },
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
