import { z } from "zod";
import { zLimit } from "@/lib/core/limit-param";

// Shared by the forms (zodResolver) and the route handlers; browser-safe (no database import).

// Same values as db/schema/alert-channels.ts.
export const ALERT_CHANNEL_KINDS = ["webhook", "slack", "teams"] as const;
export type TAlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

export const ALERT_CHANNEL_KIND_LABELS: Record<TAlertChannelKind, string> = {
  webhook: "Webhook",
  slack: "Slack",
  teams: "Microsoft Teams",
};

export const MAX_ALERT_CHANNELS = 20;

export const CHANNEL_MSG = {
  kind: "Type de canal invalide : webhook, slack ou teams",
  nameRequired: "Le nom du canal est obligatoire",
  nameTooLong: "Le nom du canal ne doit pas dépasser 100 caractères",
  urlRequired: "L'adresse du canal est obligatoire",
  urlTooLong: "L'adresse du canal ne doit pas dépasser 2000 caractères",
  httpsOnly: "L'adresse du canal doit commencer par https://",
  notFound: "Canal d'alerte introuvable",
  tooMany: `Vous avez atteint la limite de ${MAX_ALERT_CHANNELS} canaux d'alerte. Supprimez-en un pour en créer un autre.`,
  noPlan:
    "Les canaux d'alerte sont réservés aux abonnements avec alertes. Passez à un abonnement supérieur pour en créer.",
  created: "Canal créé",
  createdWebhook: "Canal créé : copiez le secret de signature maintenant, il ne sera plus affiché.",
  deleted: "Canal supprimé",
  channelIds: "Canal d'alerte invalide",
  tooManyForRule: `Une règle peut envoyer à au plus ${MAX_ALERT_CHANNELS} canaux`,
} as const;

export const ZCreateAlertChannel = z.object({
  kind: z.enum(ALERT_CHANNEL_KINDS, { error: CHANNEL_MSG.kind }),
  name: z
    .string({ error: CHANNEL_MSG.nameRequired })
    .trim()
    .min(1, CHANNEL_MSG.nameRequired)
    .max(100, CHANNEL_MSG.nameTooLong),
  url: z
    .string({ error: CHANNEL_MSG.urlRequired })
    .trim()
    .min(1, CHANNEL_MSG.urlRequired)
    .max(2000, CHANNEL_MSG.urlTooLong),
});
export type TCreateAlertChannel = z.output<typeof ZCreateAlertChannel>;
export type TCreateAlertChannelInput = z.input<typeof ZCreateAlertChannel>;

/** The channels an alert rule also sends to (e-mail is always sent). */
export const ZChannelIds = z
  .array(z.uuid({ error: CHANNEL_MSG.channelIds }), { error: CHANNEL_MSG.channelIds })
  .max(MAX_ALERT_CHANNELS, CHANNEL_MSG.tooManyForRule);

export const ZChannelDeliveriesQuery = z.object({
  limit: zLimit(100).default(20),
});
