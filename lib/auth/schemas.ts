import { z } from "zod";

// Shared by the forms (zodResolver) and the route handlers. Messages are SPEC.md §5 to the letter.
import { MSG } from "./messages";

export { MSG };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_PASSWORD = 256;

const email = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, MSG.invalidEmail)
    .regex(EMAIL_SHAPE, MSG.invalidEmail)
    .transform((v) => v.toLowerCase());

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max} caractères maximum`);

export const ZLogin = z.object({
  email: z
    .string({ error: MSG.fillAll })
    .trim()
    .min(1, MSG.fillAll)
    .max(254, MSG.fillAll)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: MSG.fillAll }).min(1, MSG.fillAll).max(MAX_PASSWORD, MSG.fillAll),
});
export type TLogin = z.input<typeof ZLogin>;

export const ZRegister = z.object({
  first_name: requiredText(MSG.allRequired),
  last_name: requiredText(MSG.allRequired),
  email: email(MSG.allRequired),
  password: z.string({ error: MSG.allRequired }).min(1, MSG.allRequired).min(8, MSG.password8).max(MAX_PASSWORD),
  planId: z.union([z.number().int(), z.string(), z.null()]).optional(),
});
export type TRegister = z.input<typeof ZRegister>;

/** The registration form adds the confirmation field. */
export const ZRegisterForm = z
  .object({
    first_name: z.string().trim().min(1, MSG.allRequired),
    last_name: z.string().trim().min(1, MSG.allRequired),
    email: z.string().trim().min(1, MSG.allRequired).regex(EMAIL_SHAPE, MSG.invalidEmail),
    password: z.string().min(1, MSG.allRequired).min(8, MSG.password8),
    confirm_password: z.string().min(1, MSG.allRequired),
  })
  .refine((v) => v.password === v.confirm_password, { message: MSG.mismatch, path: ["confirm_password"] });
export type TRegisterForm = z.input<typeof ZRegisterForm>;

export const ZForgotPassword = z.object({ email: email(MSG.emailRequired) });
export type TForgotPassword = z.input<typeof ZForgotPassword>;

export const ZResetPassword = z.object({
  password: z.string({ error: MSG.fillAll }).min(1, MSG.fillAll).min(6, MSG.password6).max(MAX_PASSWORD),
});
export const ZResetPasswordForm = z
  .object({
    password: z.string().min(1, MSG.fillAll).min(6, MSG.password6),
    confirm_password: z.string().min(1, MSG.fillAll),
  })
  .refine((v) => v.password === v.confirm_password, { message: MSG.mismatch, path: ["confirm_password"] });
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

export const ZUpdateProfile = z.object({
  first_name: requiredText(MSG.allRequired),
  last_name: requiredText(MSG.allRequired),
  email: email(MSG.allRequired),
  /** required (checked server-side) only when the e-mail changes */
  current_password: z.string().max(MAX_PASSWORD).optional(),
});
export type TUpdateProfile = z.input<typeof ZUpdateProfile>;

export const ZChangePassword = z.object({
  current_password: z.string({ error: MSG.allRequired }).min(1, MSG.allRequired).max(MAX_PASSWORD),
  new_password: z.string({ error: MSG.allRequired }).min(1, MSG.allRequired).min(8, MSG.newPassword8).max(MAX_PASSWORD),
  /** the form's box 'Révoquer aussi mes jetons d'API', checked by default; absent (API callers) keeps them */
  revoke_api_tokens: z.boolean({ error: "Valeur invalide pour la révocation des jetons" }).default(false),
});
export const ZChangePasswordForm = z
  .object({
    current_password: z.string().min(1, MSG.allRequired),
    new_password: z.string().min(1, MSG.allRequired).min(8, MSG.newPassword8),
    confirm_password: z.string().min(1, MSG.allRequired),
    revoke_api_tokens: z.boolean(),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: MSG.mismatch, path: ["confirm_password"] });
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;
