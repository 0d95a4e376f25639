// Path params of the API routes, validated once by the wrapper (lib/http/with-auth.ts `params`).
import { z } from "zod";
import { CHANNEL_MSG } from "@/lib/alert-channels/schemas";
import { EVIDENCE_MSG } from "@/lib/evidence/messages";
import { RULE_NOT_FOUND } from "@/lib/alerts/rules/get-alert-rule-or-throw";
import { API_TOKEN_MSG } from "@/lib/api-tokens/schemas";
import { PRODUCT_NOT_FOUND } from "@/lib/products/get-product-or-throw";
import { URL_NOT_FOUND } from "@/lib/products/urls/get-product-url-or-throw";
import { TASK_NOT_FOUND } from "@/lib/queue/get-task-or-throw";
import { idParam } from "./id-param";

export const ZProductParams = z.object({ id: idParam(PRODUCT_NOT_FOUND) });
export const ZProductUrlParams = z.object({ id: idParam(PRODUCT_NOT_FOUND), urlId: idParam(URL_NOT_FOUND) });
export const ZAlertRuleParams = z.object({ id: idParam(PRODUCT_NOT_FOUND), ruleId: idParam(RULE_NOT_FOUND) });
export const ZUrlParams = z.object({ urlId: idParam(URL_NOT_FOUND) });
export const ZTaskParams = z.object({ taskId: idParam(TASK_NOT_FOUND) });
export const ZTokenParams = z.object({ id: idParam(API_TOKEN_MSG.notFound) });
export const ZInvoiceParams = z.object({ id: idParam("Facture introuvable") });
/** Stripe ids (pm_…, cs_…, sub_…), demo session ids and our uuids. */
export const ZBillingIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, "Ressource introuvable") });
export const ZAlertChannelParams = z.object({ id: idParam(CHANNEL_MSG.notFound) });
export const ZEvidenceParams = z.object({ id: idParam(EVIDENCE_MSG.notFound) });
