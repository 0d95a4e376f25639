// The one place a domain error becomes HTTP: status, French message (SPEC.md texts) and the code answered.
import { API_TOKEN_MSG } from "@/lib/api-tokens/schemas";
import { CHANNEL_MSG } from "@/lib/alerts/schemas";
import { MISSING_PRICE, PAYMENTS_UNAVAILABLE } from "@/lib/billing/schemas";
import type { AppError, TErrorCode } from "@/lib/errors/app-error";
import { EVIDENCE_MSG } from "@/lib/evidence/schemas";
import { FEED_MSG } from "@/lib/feeds/messages";
import { LIMIT_DETAIL } from "@/lib/products";
import { HOURLY_NOT_ALLOWED, productLimitMessage, urlLimitMessage } from "@/lib/products";
import { DUPLICATE_URL } from "@/lib/products";
import { IDENTITY_MSG } from "@/lib/products";
import { QUEUE_MSG } from "@/lib/queue/schemas";
import { ACCESS_MSG } from "@/lib/fetching/schemas";
import { REPORT_MSG } from "@/lib/reports/schemas";
import { ROLE_FORBIDDEN } from "@/lib/workspaces";
import { WORKSPACE_MSG } from "@/lib/workspaces/schemas";
import { seatLimitMessage, TEAM_MSG } from "@/lib/team/messages";

type TExtra = Record<string, unknown>;
type TErrorEntry = {
  status: number;
  /** The default message; a function when it shows a figure of `extra`. */
  detail: string | ((extra: TExtra) => string);
  /** The `code` of the answer when several domain errors share one (most 404s answer `not_found`). */
  code?: string;
};

const NOT_PAID = "Le paiement n'a pas été finalisé";
const CHECKOUT_SESSION_NOT_FOUND = "Session de paiement introuvable";
const PLAN_IS_FREE = "Le plan Freemium est gratuit : aucun paiement n'est nécessaire";
const PROVIDER_DOWN = "Le service de paiement ne répond pas. Veuillez réessayer.";

export const ERROR_TABLE: Record<TErrorCode, TErrorEntry> = {
  unauthenticated: { status: 401, detail: "Authentification requise" },
  not_found: { status: 404, detail: "Ressource introuvable" },
  invalid_json: { status: 400, detail: "Corps de requête JSON invalide" },
  json_too_deep: { status: 400, detail: "Corps de requête JSON trop imbriqué" },
  invalid_characters: { status: 422, detail: "Les caractères nuls (U+0000) ne sont pas acceptés" },
  validation_error: { status: 422, detail: "Données invalides" },
  invalid_input: { status: 422, detail: "Données invalides" },
  service_unavailable: {
    status: 503,
    detail: "Service momentanément indisponible, veuillez réessayer dans un instant",
  },
  internal_error: { status: 500, detail: "Une erreur inattendue est survenue" },
  cross_site_request: { status: 403, detail: "Requête refusée : elle ne provient pas de VeillePrix" },
  payload_too_large: { status: 413, detail: "Requête trop volumineuse" },
  request_aborted: { status: 400, detail: "Requête interrompue avant la fin de son envoi" },
  rate_limited: { status: 429, detail: "Trop de tentatives. Veuillez réessayer dans quelques minutes." },
  inngest_disabled: { status: 404, detail: "Inngest n'est pas configuré sur ce serveur" },

  invalid_credentials: { status: 401, detail: "Identifiants incorrects" },
  login_spacing: {
    status: 429,
    detail: "Trop de tentatives. Veuillez réessayer dans quelques secondes.",
    code: "rate_limited",
  },
  wrong_password: { status: 400, detail: "Le mot de passe actuel est incorrect" },
  current_password_required: {
    status: 400,
    detail: "Saisissez votre mot de passe actuel pour changer d'adresse email",
  },
  email_reserved: {
    status: 422,
    detail:
      "Cette adresse est celle de VeillePrix (formulaire de contact) : elle ne peut pas être utilisée pour un compte. Choisissez votre propre adresse email.",
  },
  email_taken: { status: 409, detail: "Un compte existe déjà avec cette adresse email" },
  user_not_found: { status: 404, detail: "Utilisateur introuvable" },
  invalid_reset_token: {
    status: 400,
    detail: "Lien invalide ou expiré. Veuillez demander un nouveau lien de réinitialisation.",
  },
  invalid_verification_token: {
    status: 400,
    detail: "Lien de vérification invalide ou expiré. Connectez-vous puis demandez un nouvel email de vérification.",
  },
  api_access_suspended: {
    status: 403,
    detail: "Votre abonnement n'inclut pas l'accès API. Passez à un abonnement supérieur pour utiliser vos jetons.",
    code: "plan_no_automation",
  },

  token_not_found: { status: 404, detail: API_TOKEN_MSG.notFound },
  api_token_not_allowed: { status: 403, detail: API_TOKEN_MSG.tokenNotAllowed },
  plan_no_automation: { status: 403, detail: API_TOKEN_MSG.noAutomation },
  api_token_limit: { status: 409, detail: API_TOKEN_MSG.tooMany },

  product_not_found: { status: 404, detail: "Produit introuvable", code: "not_found" },
  url_not_found: { status: 404, detail: "URL introuvable", code: "not_found" },
  duplicate_url: { status: 409, detail: DUPLICATE_URL },
  duplicate_sku: { status: 409, detail: IDENTITY_MSG.duplicateSku },
  product_limit_reached: { status: 403, detail: (extra) => productLimitMessage(Number(extra.limit)) },
  url_limit_reached: { status: 403, detail: (extra) => urlLimitMessage(Number(extra.limit)) },
  hourly_not_allowed: { status: 403, detail: HOURLY_NOT_ALLOWED },
  invalid_selector: { status: 422, detail: "Sélecteur CSS invalide" },
  stale_candidate: { status: 409, detail: "Ce prix ne figure plus parmi ceux de la page : rechargez la liste" },
  import_not_found: { status: 404, detail: "Import introuvable" },
  feed_not_found: { status: 404, detail: FEED_MSG.notFound, code: "not_found" },
  feed_run_not_found: { status: 404, detail: FEED_MSG.runNotFound, code: "not_found" },
  feed_unreadable: { status: 422, detail: FEED_MSG.unreadable },
  feed_url_refused: { status: 422, detail: "Adresse du flux refusée" },
  feed_running: { status: 409, detail: FEED_MSG.running },
  upload_not_multipart: {
    status: 400,
    detail: "Envoyez le fichier CSV ou XLSX dans le champ « file » d'un formulaire multipart",
    code: "invalid_upload",
  },
  upload_unreadable: { status: 400, detail: "Formulaire multipart illisible", code: "invalid_upload" },
  upload_missing_file: { status: 400, detail: "Aucun fichier reçu (champ « file »)", code: "invalid_upload" },
  import_too_large: {
    status: 413,
    detail: LIMIT_DETAIL,
    code: "payload_too_large",
  },
  empty_file: { status: 422, detail: "Le fichier est vide" },
  invalid_file: { status: 422, detail: "Fichier XLSX illisible" },
  invalid_columns: { status: 422, detail: "Colonnes manquantes" },
  too_many_rows: { status: 422, detail: "Le fichier dépasse la limite de lignes autorisée" },
  unsupported_format: { status: 422, detail: "Format non pris en charge : utilisez un fichier CSV ou XLSX" },

  task_not_found: { status: 404, detail: "Tâche introuvable" },
  task_running: { status: 409, detail: "La tâche est en cours d'exécution" },
  task_already_completed: {
    status: 409,
    detail: "Cette tâche est déjà terminée avec succès",
    code: "task_not_retryable",
  },
  task_already_pending: { status: 409, detail: "Cette tâche est déjà en attente", code: "task_not_retryable" },
  task_finished: { status: 409, detail: "Cette tâche est déjà terminée et ne peut plus être annulée" },
  scrape_race: { status: 409, detail: "Un relevé de cette URL vient de se terminer, veuillez réessayer" },
  url_paused: { status: 403, detail: "Cette URL est en pause : son suivi est en lecture seule" },
  url_required: { status: 422, detail: QUEUE_MSG.urlRequired, code: "validation_error" },
  no_urls: { status: 422, detail: QUEUE_MSG.noUrls },

  alert_rule_not_found: { status: 404, detail: "Règle d'alerte introuvable", code: "not_found" },
  alert_rules_limit: { status: 409, detail: "Vous avez atteint la limite de règles d'alerte pour ce produit." },
  plan_no_email_alerts: {
    status: 403,
    detail:
      "Les alertes par email ne sont pas incluses dans votre abonnement. Passez à un abonnement supérieur pour les activer.",
  },
  plan_no_alert_channels: { status: 403, detail: CHANNEL_MSG.noPlan, code: "plan_no_email_alerts" },
  plan_no_email_reports: { status: 403, detail: REPORT_MSG.noPlan, code: "plan_no_email_alerts" },
  alert_preferences_not_found: { status: 404, detail: "Utilisateur introuvable", code: "not_found" },
  alert_channel_not_found: { status: 404, detail: CHANNEL_MSG.notFound },
  alert_channels_limit: { status: 409, detail: CHANNEL_MSG.tooMany },
  invalid_channel: { status: 422, detail: CHANNEL_MSG.channelIds },
  invalid_channel_url: { status: 422, detail: "Adresse du canal invalide" },
  invalid_token: { status: 400, detail: REPORT_MSG.token },
  email_unverified: {
    status: 422,
    detail: "Vérifiez d'abord votre adresse email (lien envoyé à l'inscription) : aucune alerte n'y est envoyée avant.",
  },
  no_alert_rule: {
    status: 422,
    detail: "Créez d'abord une règle d'alerte sur ce produit pour envoyer une alerte de test.",
  },
  email_failed: {
    status: 502,
    detail: "L'envoi de l'alerte de test a échoué. Vérifiez la configuration des emails.",
  },

  missing_price_id: { status: 422, detail: MISSING_PRICE },
  invoice_not_found: { status: 404, detail: "Facture introuvable", code: "not_found" },
  invoice_pdf_not_ready: {
    status: 404,
    detail: "Le PDF de cette facture n'est pas encore disponible",
    code: "not_found",
  },
  invalid_redirect_url: { status: 422, detail: "Adresse de retour non autorisée" },
  invalid_amount: { status: 422, detail: "Montant invalide" },
  card_error: { status: 422, detail: "Une erreur est survenue lors du paiement" },
  payment_provider_error: { status: 502, detail: PROVIDER_DOWN },
  payments_unavailable: { status: 503, detail: PAYMENTS_UNAVAILABLE },
  plan_is_free: { status: 422, detail: PLAN_IS_FREE },
  invalid_payment_method: { status: 422, detail: "Moyen de paiement invalide" },
  payment_method_not_found: { status: 404, detail: "Moyen de paiement introuvable", code: "not_found" },
  checkout_session_not_found: { status: 404, detail: CHECKOUT_SESSION_NOT_FOUND },
  checkout_session_expired: {
    status: 409,
    detail: "Cette session de paiement a expiré. Veuillez choisir à nouveau votre plan.",
  },
  checkout_incomplete: { status: 409, detail: NOT_PAID },
  demo_disabled: {
    status: 403,
    detail: "Le mode démonstration est désactivé sur ce serveur (BILLING_DEMO=1 pour l'activer).",
  },
  demo_disabled_production: {
    status: 403,
    detail: "Le mode démonstration est désactivé en production.",
    code: "demo_disabled",
  },
  demo_disabled_stripe: {
    status: 403,
    detail: "Le mode démonstration est désactivé : les paiements passent par Stripe.",
    code: "demo_disabled",
  },
  webhook_not_configured: { status: 503, detail: "Webhook Stripe non configuré" },
  webhook_signature_missing: { status: 400, detail: "Signature du webhook manquante", code: "invalid_signature" },
  invalid_signature: { status: 400, detail: "Signature du webhook invalide" },
  no_paid_subscription: { status: 409, detail: "Aucun abonnement payant à résilier" },
  subscription_not_found: { status: 404, detail: "Abonnement introuvable", code: "not_found" },
  already_subscribed: { status: 409, detail: "Vous êtes déjà abonné à ce plan" },
  evidence_not_found: { status: 404, detail: EVIDENCE_MSG.notFound, code: "not_found" },
  evidence_limit_reached: { status: 403, detail: EVIDENCE_MSG.limitFallback },
  evidence_not_ready: { status: 409, detail: EVIDENCE_MSG.notReady },
  evidence_failed: { status: 409, detail: EVIDENCE_MSG.failed },
  provider_key_required: { status: 422, detail: ACCESS_MSG.keyRequired, code: "validation_error" },

  forbidden_role: { status: 403, detail: ROLE_FORBIDDEN },
  workspace_not_found: { status: 404, detail: WORKSPACE_MSG.notFound, code: "not_found" },
  workspace_name_mismatch: { status: 422, detail: WORKSPACE_MSG.nameMismatch, code: "validation_error" },
  last_workspace: { status: 409, detail: WORKSPACE_MSG.lastWorkspace },
  workspace_changed: { status: 409, detail: WORKSPACE_MSG.changed },
  workspace_subscription_active: { status: 409, detail: WORKSPACE_MSG.subscriptionActive },

  member_not_found: { status: 404, detail: TEAM_MSG.memberNotFound, code: "not_found" },
  last_owner: { status: 409, detail: TEAM_MSG.lastOwner },
  already_member: { status: 409, detail: TEAM_MSG.alreadyMember },
  member_limit_reached: { status: 403, detail: (extra) => seatLimitMessage(Number(extra.limit)) },
  invitation_not_found: { status: 404, detail: TEAM_MSG.invitationNotFound, code: "not_found" },
  invalid_invitation: { status: 404, detail: TEAM_MSG.invalidInvitation },
  invitation_used: { status: 410, detail: TEAM_MSG.usedInvitation },
  invitation_revoked: { status: 410, detail: TEAM_MSG.revokedInvitation },
  invitation_expired: { status: 410, detail: TEAM_MSG.expiredInvitation },
  // the detail names the invited address (AppError detail)
  invitation_other_account: { status: 403, detail: "Cette invitation a été envoyée à une autre adresse." },
};

/** The French message of a code (a figure it shows comes from `extra`). */
export function errorDetail(code: TErrorCode, extra: TExtra = {}): string {
  const { detail } = ERROR_TABLE[code];
  return typeof detail === "function" ? detail(extra) : detail;
}

/** The status and body answered for a domain error: `{ detail, code, …extra }`. */
export function errorBody(error: AppError) {
  const entry = ERROR_TABLE[error.code];
  const extra = error.extra ?? {};
  return {
    status: entry.status,
    body: { detail: error.detail ?? errorDetail(error.code, extra), code: entry.code ?? error.code, ...extra },
  };
}
