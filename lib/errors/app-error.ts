/**
 * Every failure the domain reports to a user, by code. lib/http/error-table.ts gives each its HTTP status and
 * French message (once, at the edge); a code missing there, or a misspelt one here, does not compile.
 */
export const ERROR_CODES = [
  // request and server
  "unauthenticated",
  "not_found",
  "invalid_json",
  "json_too_deep",
  "invalid_characters",
  "validation_error",
  "invalid_input",
  "service_unavailable",
  "internal_error",
  "cross_site_request",
  "payload_too_large",
  "request_aborted",
  "rate_limited",
  "inngest_disabled",
  // account
  "invalid_credentials",
  "login_spacing",
  "wrong_password",
  "current_password_required",
  "email_reserved",
  "email_taken",
  "user_not_found",
  "invalid_reset_token",
  "invalid_verification_token",
  "api_access_suspended",
  // API tokens
  "token_not_found",
  "api_token_not_allowed",
  "plan_no_automation",
  "api_token_limit",
  // products, URLs, imports
  "product_not_found",
  "url_not_found",
  "duplicate_url",
  "duplicate_sku",
  "product_limit_reached",
  "url_limit_reached",
  "hourly_not_allowed",
  "invalid_selector",
  "stale_candidate",
  "import_not_found",
  "upload_not_multipart",
  "upload_unreadable",
  "upload_missing_file",
  "import_too_large",
  "empty_file",
  "invalid_file",
  "invalid_columns",
  "too_many_rows",
  "unsupported_format",
  // catalogue feeds
  "feed_not_found",
  "feed_run_not_found",
  "feed_unreadable",
  "feed_url_refused",
  "feed_running",
  // queue
  "task_not_found",
  "task_running",
  "task_already_completed",
  "task_already_pending",
  "task_finished",
  "scrape_race",
  "url_paused",
  "url_required",
  "no_urls",
  // alerts, channels, reports
  "alert_rule_not_found",
  "alert_rules_limit",
  "plan_no_email_alerts",
  "plan_no_alert_channels",
  "plan_no_email_reports",
  "alert_preferences_not_found",
  "alert_channel_not_found",
  "alert_channels_limit",
  "invalid_channel",
  "invalid_channel_url",
  "invalid_token",
  "email_unverified",
  "no_alert_rule",
  "email_failed",
  // billing
  "missing_price_id",
  "invoice_not_found",
  "invoice_pdf_not_ready",
  "invalid_redirect_url",
  "invalid_amount",
  "card_error",
  "payment_provider_error",
  "payments_unavailable",
  "plan_is_free",
  "invalid_payment_method",
  "payment_method_not_found",
  "checkout_session_not_found",
  "checkout_session_expired",
  "checkout_incomplete",
  "demo_disabled",
  "demo_disabled_production",
  "demo_disabled_stripe",
  "webhook_not_configured",
  "webhook_signature_missing",
  "invalid_signature",
  "no_paid_subscription",
  "subscription_not_found",
  "already_subscribed",
  // evidence ('dossiers de preuve')
  "evidence_not_found",
  "evidence_limit_reached",
  "evidence_not_ready",
  "evidence_failed",
  // access to shops
  "provider_key_required",
  // workspaces
  "forbidden_role",
  "workspace_not_found",
  "workspace_name_mismatch",
  "last_workspace",
  "workspace_changed",
  "workspace_subscription_active",
  // team: members and invitations
  "member_not_found",
  "last_owner",
  "already_member",
  "member_limit_reached",
  "invitation_not_found",
  "invalid_invitation",
  "invitation_used",
  "invitation_revoked",
  "invitation_expired",
  "invitation_other_account",
] as const;

export type TErrorCode = (typeof ERROR_CODES)[number];

type TAppErrorOptions = {
  /** Only where the message carries data (a limit, a name, a provider's reason); else the table's message. */
  detail?: string;
  /** More fields of the answer (`limit`, `errors`, `retryAfterSeconds`). */
  extra?: Record<string, unknown>;
};

/** A failure meant for the user: thrown by the domain, answered by lib/http as `{ detail, code, …extra }`. */
export class AppError extends Error {
  readonly detail?: string;
  readonly extra?: Record<string, unknown>;

  constructor(
    readonly code: TErrorCode,
    options: TAppErrorOptions = {},
  ) {
    super(options.detail ?? code);
    this.name = "AppError";
    this.detail = options.detail;
    this.extra = options.extra;
  }
}
