"use client";

import { useEffect, useRef, type ReactNode } from "react";
import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import type { TIdentityForm } from "@/lib/products/schemas";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type Props = {
  register: (name: keyof TIdentityForm) => UseFormRegisterReturn;
  errors: FieldErrors<TIdentityForm>;
  /** More fields of the section (the add form's prices). */
  children?: ReactNode;
};

/** The product forms' collapsible 'Identification' section: closed, the form is the SPEC's one. */
export function IdentitySection({ register, errors, children }: Props) {
  const ref = useRef<HTMLDetailsElement>(null);
  const firstInvalid = Object.keys(errors)[0];
  // an error inside the section is shown, not hidden: the section opens and its field comes into view, focused
  useEffect(() => {
    if (!firstInvalid || !ref.current) return;
    ref.current.open = true;
    const input = ref.current.querySelector<HTMLElement>(`[name="${firstInvalid}"]`);
    input?.scrollIntoView({ block: "center" });
    input?.focus({ preventScroll: true });
  }, [firstInvalid]);

  return (
    <details ref={ref} className="group rounded-xl border border-zinc-200" data-testid="identity-section">
      <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-zinc-900">
        Identification
        <span aria-hidden="true" className="text-zinc-500 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="grid gap-3 border-t border-zinc-200 p-4 sm:grid-cols-2">
        <Field label="Référence (SKU)" optional error={errors.sku?.message}>
          <Input autoComplete="off" maxLength={100} {...register("sku")} />
        </Field>
        <Field
          label="Codes EAN / GTIN"
          optional
          hint="8, 12, 13 ou 14 chiffres, séparés par des virgules"
          error={errors.gtins?.message}
        >
          <Input inputMode="numeric" autoComplete="off" placeholder="3017620422003" {...register("gtins")} />
        </Field>
        <Field label="Marque" optional error={errors.brand?.message}>
          <Input autoComplete="off" maxLength={200} {...register("brand")} />
        </Field>
        <Field label="Référence fabricant (MPN)" optional error={errors.mpn?.message}>
          <Input autoComplete="off" maxLength={100} {...register("mpn")} />
        </Field>
        <Field label="Catégorie" optional className="sm:col-span-2" error={errors.category?.message}>
          <Input autoComplete="off" placeholder="Maison > Cuisine > Robots" {...register("category")} />
        </Field>
        <Field label="Étiquettes" optional hint="Séparées par des virgules" error={errors.tags?.message}>
          <Input autoComplete="off" placeholder="promo, été" {...register("tags")} />
        </Field>
        <Field label="Prix d'achat HT (€)" optional error={errors.cost_price?.message}>
          <Input inputMode="decimal" placeholder="49,90" {...register("cost_price")} />
        </Field>
        <Field label="Adresse de l'image" optional className="sm:col-span-2" error={errors.image_url?.message}>
          <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" {...register("image_url")} />
        </Field>
        {children}
      </div>
    </details>
  );
}
