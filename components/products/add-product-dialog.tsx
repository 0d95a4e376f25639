"use client";

import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { apiFetch, errorMessage } from "@/client/api-client";
import {
  identityDefaults,
  identityPayload,
  ZProductForm,
  type TCreateProduct,
  type TProductForm,
  type TProductFormData,
} from "@/lib/products/schemas";
import { urlLimitMessage } from "@/lib/products/limits/limit-messages";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FrequencySelect, HOURLY_HINT } from "./frequency-select";
import { IdentitySection } from "./identity-section";
import type { PlanLimits, Product } from "./types";

const CREATE_ERROR = "Erreur lors de la création du produit";
const emptyBlock = () => ({ name: "", url: "", tracking_frequency: "daily" as const });
const defaults = (): TProductForm => ({
  name: "",
  description: "",
  urls: [emptyBlock()],
  ...identityDefaults(),
  reference_price: "",
  min_advertised_price: "",
});

/** Complete blocks only (SPEC.md §2: a block is submitted only if both name and url are filled). */
function toPayload(form: TProductFormData): TCreateProduct {
  const { name, description, urls, reference_price, min_advertised_price, ...identity } = form;
  return {
    ...identityPayload(identity),
    reference_price,
    min_advertised_price,
    name: form.name,
    description: form.description || null,
    urls: form.urls
      .filter((b) => b.name && b.url)
      .map((b) => ({ name: b.name, url: b.url, tracking_frequency: b.tracking_frequency })),
  };
}

type Props = {
  open: boolean;
  limits: PlanLimits | null;
  onClose: () => void;
  onCreated: (product: Product) => void;
};

export function AddProductDialog({ open, limits, onClose, onCreated }: Props) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TProductForm, unknown, TProductFormData>({
    resolver: zodResolver(ZProductForm),
    defaultValues: defaults(),
  });
  const { fields, append, remove } = useFieldArray({ control, name: "urls" });

  const close = () => {
    if (isSubmitting) return;
    reset(defaults());
    setServerError(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (form) => {
    setServerError(null);
    const payload = toPayload(form);
    const max = limits?.maxUrlsPerProduct ?? null;
    if (max !== null && (payload.urls?.length ?? 0) > max) {
      setServerError(urlLimitMessage(max));
      return;
    }
    try {
      const product = await apiFetch<Product>("/api/products", {
        method: "POST",
        body: payload,
        fallback: CREATE_ERROR,
      });
      reset(defaults());
      onCreated(product);
    } catch (err) {
      setServerError(errorMessage(err, CREATE_ERROR));
    }
  });

  const hourlyAllowed = limits?.hasAutomation ?? false;

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Ajouter un produit"
      description="Nommez le produit puis indiquez les pages marchandes à surveiller."
      size="lg"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Annuler
          </Button>
          <Button type="submit" form="add-product-form" loading={isSubmitting}>
            {isSubmitting ? "Création..." : "Créer et suivre"}
          </Button>
        </>
      }
    >
      <form id="add-product-form" onSubmit={onSubmit} noValidate className="space-y-5">
        {serverError ? (
          <div ref={(el) => el?.scrollIntoView({ block: "nearest" })}>
            <Alert tone="error">{serverError}</Alert>
          </div>
        ) : null}
        <Field label="Nom du produit" error={errors.name?.message}>
          <Input autoComplete="off" maxLength={200} required {...register("name")} />
        </Field>
        <Field label="Description" optional error={errors.description?.message}>
          <Textarea rows={2} maxLength={2000} {...register("description")} />
        </Field>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-zinc-900">URLs à surveiller</legend>
          {fields.map((field, index) => {
            const blockErrors = errors.urls?.[index];
            return (
              <div
                key={field.id}
                className="rounded-xl border border-zinc-200 bg-zinc-50/60 p-4"
                data-testid="url-block"
              >
                <div className="mb-3 flex items-center justify-between">
                  <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Source {index + 1}</p>
                  {fields.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => remove(index)}
                      aria-label={`Retirer la source ${index + 1}`}
                    >
                      Retirer
                    </Button>
                  ) : null}
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field label="Nom de la source" error={blockErrors?.name?.message}>
                    <Input placeholder="Ex. : Darty" autoComplete="off" {...register(`urls.${index}.name`)} />
                  </Field>
                  <Field label="Fréquence" hint={hourlyAllowed ? undefined : HOURLY_HINT}>
                    <FrequencySelect hourlyAllowed={hourlyAllowed} {...register(`urls.${index}.tracking_frequency`)} />
                  </Field>
                  <Field label="URL" className="sm:col-span-2" error={blockErrors?.url?.message}>
                    <Input
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      autoComplete="off"
                      {...register(`urls.${index}.url`)}
                    />
                  </Field>
                </div>
              </div>
            );
          })}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => append(emptyBlock())}
            disabled={limits?.maxUrlsPerProduct != null && fields.length >= limits.maxUrlsPerProduct}
          >
            + Ajouter une autre URL
          </Button>
        </fieldset>

        <IdentitySection register={(n) => register(n)} errors={errors}>
          <Field label="Mon prix (€)" optional error={errors.reference_price?.message}>
            <Input inputMode="decimal" placeholder="59,90" {...register("reference_price")} />
          </Field>
          <Field label="Prix minimum annoncé (€)" optional error={errors.min_advertised_price?.message}>
            <Input inputMode="decimal" placeholder="49,90" {...register("min_advertised_price")} />
          </Field>
        </IdentitySection>
      </form>
    </Dialog>
  );
}
