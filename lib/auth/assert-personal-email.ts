import { getCompany } from "@/lib/company/get-company";
import { unprocessable } from "@/lib/http/api-error";

export const EMAIL_RESERVED =
  "Cette adresse est celle de VeillePrix (formulaire de contact) : elle ne peut pas être utilisée pour un compte. Choisissez votre propre adresse email.";

const DEFAULT_COMPANY_EMAIL = "contact@veilleprix.fr";

/** The company's addresses (COMPANY_EMAIL and the default contact address) never belong to an account. */
export function assertPersonalEmail(email: string): void {
  const reserved = [getCompany().email, DEFAULT_COMPANY_EMAIL].map((e) => e.trim().toLowerCase());
  if (reserved.includes(email.trim().toLowerCase())) throw unprocessable(EMAIL_RESERVED, "email_reserved");
}
