import { z } from "zod";

// Shared by the dashboard form and the route handlers; browser-safe (no database import).

// Same values as db/schema/reports.ts.
export const REPORT_FREQUENCIES = ["off", "weekly", "daily"] as const;
export type TReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_MSG = {
  frequency: "La fréquence du rapport doit être « off », « weekly » ou « daily »",
  noPlan:
    "Les rapports par email sont réservés aux abonnements avec alertes. Passez à un abonnement supérieur pour les recevoir.",
  saved: "Préférences du rapport enregistrées",
  token: "Lien de désabonnement invalide",
  unsubscribed: "Vous êtes désabonné : vous ne recevrez plus le rapport par email.",
} as const;

export const ZReportPreferences = z.object({
  frequency: z.enum(REPORT_FREQUENCIES, { error: REPORT_MSG.frequency }),
});
export type TReportPreferences = z.output<typeof ZReportPreferences>;
