"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ActionAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { CONTACT_LIMITS, CONTACT_MSG, ZContact, type TContact, type TContactParsed } from "@/lib/contact/schemas";

const FALLBACK = "Une erreur est survenue lors de l'envoi de votre message. Veuillez réessayer.";
const EMPTY: TContact = { name: "", email: "", company: "", message: "", website: "" };

export function ContactForm() {
  const { busy, message, run } = useAction();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<TContact, unknown, TContactParsed>({ resolver: zodResolver(ZContact), defaultValues: EMPTY });
  const messageLength = (watch("message") ?? "").length;

  const onSubmit = handleSubmit(async (values) => {
    const sent = await run(
      "send",
      () => apiFetch<{ message?: string }>("/api/contact", { method: "POST", body: values, fallback: FALLBACK }),
      { error: FALLBACK, success: (res) => res?.message || CONTACT_MSG.sent },
    );
    if (sent !== undefined) reset(EMPTY);
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Formulaire de contact">
      <ActionAlert message={message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nom" error={errors.name?.message}>
          <Input autoComplete="name" maxLength={CONTACT_LIMITS.name} {...register("name")} />
        </Field>
        <Field label="Adresse email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register("email")} />
        </Field>
      </div>
      <Field label="Entreprise" optional error={errors.company?.message}>
        <Input autoComplete="organization" maxLength={CONTACT_LIMITS.company} {...register("company")} />
      </Field>
      <Field
        label="Message"
        error={errors.message?.message}
        hint={`${messageLength} / ${CONTACT_LIMITS.messageMax} caractères`}
      >
        <Textarea rows={6} maxLength={CONTACT_LIMITS.messageMax} {...register("message")} />
      </Field>
      {/* honeypot, invisible to people and to assistive technologies */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Site web
          <input type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
        </label>
      </div>
      <div className="flex flex-col-reverse items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-zinc-500">
          Vos informations servent uniquement à vous répondre.{" "}
          <a href="/legal/privacy" className="underline hover:text-zinc-700">
            Politique de confidentialité
          </a>
        </p>
        <Button type="submit" loading={busy !== null} className="w-full sm:w-auto">
          {busy ? "Envoi..." : "Envoyer le message"}
        </Button>
      </div>
    </form>
  );
}
