import { z } from "zod";

// Shared by the contact form (zodResolver) and POST /api/contact.
export const CONTACT_MSG = {
  nameRequired: "Veuillez indiquer votre nom",
  nameTooLong: "Le nom ne peut pas dépasser 100 caractères",
  emailRequired: "Veuillez saisir votre adresse email",
  invalidEmail: "Veuillez entrer une adresse email valide",
  companyTooLong: "Le nom de l'entreprise ne peut pas dépasser 150 caractères",
  messageRequired: "Veuillez écrire votre message",
  messageTooShort: "Votre message doit contenir au moins 10 caractères",
  messageTooLong: "Votre message ne peut pas dépasser 5000 caractères",
  sent: "Merci ! Votre message a bien été envoyé. Nous vous répondrons sous 24 heures ouvrées.",
} as const;

export const CONTACT_LIMITS = { name: 100, email: 254, company: 150, messageMin: 10, messageMax: 5000 } as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ZContact = z.object({
  name: z
    .string({ error: CONTACT_MSG.nameRequired })
    .trim()
    .min(1, CONTACT_MSG.nameRequired)
    .max(CONTACT_LIMITS.name, CONTACT_MSG.nameTooLong),
  email: z
    .string({ error: CONTACT_MSG.emailRequired })
    .trim()
    .min(1, CONTACT_MSG.emailRequired)
    .max(CONTACT_LIMITS.email, CONTACT_MSG.invalidEmail)
    .regex(EMAIL_SHAPE, CONTACT_MSG.invalidEmail)
    .transform((v) => v.toLowerCase()),
  company: z
    .string({ error: CONTACT_MSG.companyTooLong })
    .trim()
    .max(CONTACT_LIMITS.company, CONTACT_MSG.companyTooLong)
    .optional()
    .default(""),
  message: z
    .string({ error: CONTACT_MSG.messageRequired })
    .trim()
    .min(1, CONTACT_MSG.messageRequired)
    .min(CONTACT_LIMITS.messageMin, CONTACT_MSG.messageTooShort)
    .max(CONTACT_LIMITS.messageMax, CONTACT_MSG.messageTooLong),
  /** Honeypot: hidden from people, filled by bots; a filled one is accepted and silently dropped. */
  website: z.string().optional().default(""),
});

export type TContact = z.input<typeof ZContact>;
export type TContactParsed = z.output<typeof ZContact>;
