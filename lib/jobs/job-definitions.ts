// One definition per background job, read by the Inngest provider (inngest/functions/*, through
// inngestOptions) and by the in-process runner (job-runner.ts): schedules, concurrency and retries live here only.
import type { Db } from "@/db";
import { deliverChannelMessages } from "@/lib/alert-channels/deliver-channel-messages";
import { sendAlertDigests } from "@/lib/alerts/delivery/send-alert-digests";
import { sendScheduledReports } from "@/lib/reports/send-scheduled-reports";
import { CHANNEL_DELIVERY_REQUESTED, PRICE_RECORDED, SCRAPE_CANCELLED, SCRAPE_REQUESTED } from "./job-events";
import { purgeHistory } from "./purge-history";

/** Daily times are Paris wall-clock times. */
export type TJobTrigger = { event: string } | { everyMinute: true } | { daily: { hour: number; minute: number } };

export type TJobDefinition = {
  id: string;
  name: string;
  trigger: TJobTrigger;
  /** `limit` runs at once in all; `perHost` runs at once per merchant host (event.data.host). */
  concurrency?: { limit: number; perHost?: number };
  /** Retries after the first attempt. */
  retries?: number;
  /** Event data field making a second event for the same value a no-op. */
  idempotencyKey?: string;
  /** Event that cancels a run, matched on this data field. */
  cancelOn?: { event: string; match: string };
  /** The whole job, for the jobs that are one step on both providers. */
  run?: (options: { db?: Db }) => Promise<unknown>;
};

export const JOBS = {
  sweepDueUrls: {
    id: "sweep-due-urls",
    name: "Planifier les URLs à vérifier",
    trigger: { everyMinute: true },
    concurrency: { limit: 1 },
  },
  // a retryable failure leaves the task in 'retry'; the attempts are also bounded by the task's max_retries (2)
  scrapeTask: {
    id: "scrape-task",
    name: "Scraper une URL",
    trigger: { event: SCRAPE_REQUESTED },
    concurrency: { limit: 20, perHost: 2 },
    retries: 2,
    cancelOn: { event: SCRAPE_CANCELLED, match: "taskId" },
  },
  purgeHistory: {
    id: "purge-history",
    name: "Purger l'historique expiré",
    trigger: { daily: { hour: 3, minute: 30 } },
    run: ({ db }) => purgeHistory({ db }),
  },
  sendAlertDigest: {
    id: "send-alert-digest",
    name: "Envoyer le résumé quotidien des alertes",
    trigger: { daily: { hour: 8, minute: 0 } },
    retries: 3,
    run: (_options: { db?: Db }) => sendAlertDigests(),
  },
  // retries are safe: one alert_event per (rule, entry), one e-mail per event
  evaluateAlerts: {
    id: "evaluate-alerts",
    name: "Évaluer les alertes prix",
    trigger: { event: PRICE_RECORDED },
    idempotencyKey: "priceHistoryId",
    retries: 4,
  },
  // each delivery row carries its own attempts and backoff: these retries only cover a crash of the run
  deliverChannelMessages: {
    id: "deliver-channel-messages",
    name: "Envoyer les messages des canaux d'alerte",
    trigger: { event: CHANNEL_DELIVERY_REQUESTED },
    concurrency: { limit: 10 },
    retries: 2,
  },
  retryChannelDeliveries: {
    id: "retry-channel-deliveries",
    name: "Relancer les messages des canaux d'alerte",
    trigger: { everyMinute: true },
    concurrency: { limit: 1 },
    run: ({ db }) => deliverChannelMessages({ db }),
  },
  // one report per user and period (report_sends): a re-run sends only what is missing
  sendScheduledReports: {
    id: "send-scheduled-reports",
    name: "Envoyer les rapports programmés",
    trigger: { daily: { hour: 7, minute: 0 } },
    retries: 3,
    run: ({ db }) => sendScheduledReports({ db }),
  },
} satisfies Record<string, TJobDefinition>;
