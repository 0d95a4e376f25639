import type { catalogFeedRuns, catalogFeeds } from "@/db/schema";
import { FIELD_LABELS, FORMAT_LABELS } from "./labels";
import { FEED_MSG } from "./messages";

type TFeed = typeof catalogFeeds.$inferSelect;
type TRun = typeof catalogFeedRuns.$inferSelect;

const count = (n: number) => n.toLocaleString("fr-FR");

/** A run as the API shows it: its progress ('1 200 / 20 000 lignes') and, once done, what it did. */
export function presentFeedRun(run: TRun) {
  const c = run.counts;
  const message =
    run.status === "done"
      ? `Terminé : ${count(c.new)} nouveau(x), ${count(c.changed)} modifié(s), ${count(c.unchanged)} inchangé(s), ` +
        `${count(c.gone)} absent(s) du flux, ${count(c.invalid)} invalide(s)` +
        (c.over_limit > 0 ? `, ${count(c.over_limit)} hors limite du plan.` : ".")
      : run.status === "failed"
        ? (run.error ?? FEED_MSG.failed)
        : run.loaded
          ? `En cours : ${count(run.done)} / ${count(run.total)} lignes`
          : "Lecture du flux…";
  return {
    id: run.id,
    feed_id: run.feedId,
    trigger: run.trigger,
    status: run.status,
    total_rows: run.total,
    done_rows: run.done,
    counts: c,
    error: run.error,
    message,
    created_at: run.createdAt,
    finished_at: run.finishedAt,
  };
}

/** A feed with the labels its mapping step shows. `fileTable` never leaves the server. */
export function presentFeed(feed: TFeed, lastRun: TRun | null, previewError: string | null = null) {
  return {
    id: feed.id,
    name: feed.name,
    source: feed.source,
    url: feed.url,
    file_name: feed.fileName,
    frequency: feed.frequency,
    format: feed.format,
    format_label: feed.format ? FORMAT_LABELS[feed.format] : null,
    header: feed.header,
    mapping: feed.mapping,
    next_run_at: feed.nextRunAt,
    created_at: feed.createdAt,
    last_run: lastRun ? presentFeedRun(lastRun) : null,
    ...(previewError ? { preview_error: previewError } : {}),
  };
}

export const FEED_CHOICES = { formats: FORMAT_LABELS, fields: FIELD_LABELS };
export type TFeedView = ReturnType<typeof presentFeed>;
export type TFeedRunView = ReturnType<typeof presentFeedRun>;
