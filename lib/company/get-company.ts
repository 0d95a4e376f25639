import { env } from "@/lib/env";

export type TCompany = {
  name: string;
  email: string;
  phone: string;
  address: string;
  siren: string;
  host: string;
  /** Public address of the site, without trailing slash. */
  siteUrl: string;
};

/** The publisher's details shown on legal and contact pages, from configuration (COMPANY_* variables). */
export function getCompany(): TCompany {
  return {
    name: env.COMPANY_NAME,
    email: env.COMPANY_EMAIL,
    phone: env.COMPANY_PHONE,
    address: env.COMPANY_ADDRESS,
    siren: env.COMPANY_SIREN,
    host: env.COMPANY_HOST,
    siteUrl: env.appUrl,
  };
}
