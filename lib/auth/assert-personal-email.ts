import { getCompany } from "@/lib/company";
import { AppError } from "@/lib/errors/app-error";

const DEFAULT_COMPANY_EMAIL = "contact@veilleprix.fr";

/** The company's addresses (COMPANY_EMAIL and the default contact address) never belong to an account. */
export function assertPersonalEmail(email: string): void {
  const reserved = [getCompany().email, DEFAULT_COMPANY_EMAIL].map((e) => e.trim().toLowerCase());
  if (reserved.includes(email.trim().toLowerCase())) throw new AppError("email_reserved");
}
