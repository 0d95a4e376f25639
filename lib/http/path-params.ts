// Path params of the API routes, validated once by the wrapper (lib/http/with-auth.ts `params`).
import { z } from "zod";
import { errorDetail } from "./error-table";
import { idParam } from "./id-param";

export const ZProductParams = z.object({ id: idParam("product_not_found") });
export const ZProductUrlParams = z.object({ id: idParam("product_not_found"), urlId: idParam("url_not_found") });
export const ZAlertRuleParams = z.object({ id: idParam("product_not_found"), ruleId: idParam("alert_rule_not_found") });
export const ZUrlParams = z.object({ urlId: idParam("url_not_found") });
export const ZTaskParams = z.object({ taskId: idParam("task_not_found") });
export const ZTokenParams = z.object({ id: idParam("token_not_found") });
export const ZInvoiceParams = z.object({ id: idParam("invoice_not_found") });
/** Stripe ids (pm_…, cs_…, sub_…), demo session ids and our uuids. */
export const ZBillingIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, errorDetail("not_found")) });
export const ZAlertChannelParams = z.object({ id: idParam("alert_channel_not_found") });
export const ZEvidenceParams = z.object({ id: idParam("evidence_not_found") });
export const ZMemberParams = z.object({ userId: idParam("member_not_found") });
export const ZInvitationParams = z.object({ id: idParam("invitation_not_found") });
