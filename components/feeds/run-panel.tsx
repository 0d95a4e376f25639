"use client";

import { useState } from "react";
import type { TFeedOutcome } from "@/db/schema/feeds";
import { useFeedRun } from "@/client/hooks/use-feeds";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { LineReportTable } from "@/components/ui/line-report-table";
import { OUTCOME_LABELS } from "@/lib/feeds/labels";
import { cn } from "@/lib/cn";
import { RunStatusBadge } from "./run-status-badge";

const OUTCOMES = Object.keys(OUTCOME_LABELS) as TFeedOutcome[];
const PROBLEMS = new Set<TFeedOutcome>(["invalid", "over_limit", "gone"]);

/**
 * A run: its progress bar while it runs (polled every second), then its counts per outcome (each one filters
 * the report) and its first rows, problems first; the whole report is the CSV.
 */
export function RunPanel({ feedId, runId }: { feedId: string; runId: string }) {
  const [outcome, setOutcome] = useState<TFeedOutcome | null>(null);
  const { data: run, error } = useFeedRun(feedId, runId, outcome);
  if (error && !run) return <Alert tone="error">{error.message}</Alert>;
  if (!run) return null;
  const percent = run.total_rows > 0 ? Math.round((100 * run.done_rows) / run.total_rows) : 0;
  const filter = (value: TFeedOutcome | null, label: string, n?: number) => (
    <button
      key={value ?? "all"}
      type="button"
      aria-pressed={outcome === value}
      onClick={() => setOutcome(value)}
      className={cn(
        "rounded-full border px-3 py-1 text-xs font-medium",
        outcome === value ? "border-brand-600 bg-brand-50 text-brand-700" : "border-zinc-200 text-zinc-700",
        value && PROBLEMS.has(value) && n ? "text-amber-800" : "",
      )}
    >
      {label}
      {n === undefined ? "" : ` : ${n.toLocaleString("fr-FR")}`}
    </button>
  );
  return (
    <Card>
      <CardHeader
        title="Exécution"
        description={new Date(run.created_at).toLocaleString("fr-FR", { timeZone: "Europe/Paris" })}
        actions={<RunStatusBadge status={run.status} />}
      />
      <CardBody className="space-y-4" aria-live="polite">
        {run.status === "failed" ? (
          <Alert tone="error">{run.message}</Alert>
        ) : (
          <>
            <p className="text-sm text-zinc-700">{run.message}</p>
            <div
              className="h-2 overflow-hidden rounded-full bg-zinc-100"
              role="progressbar"
              aria-label="Progression du flux"
              aria-valuemin={0}
              aria-valuemax={run.total_rows}
              aria-valuenow={run.done_rows}
            >
              <div
                className="h-full bg-brand-600 transition-all"
                style={{ width: `${run.status === "done" ? 100 : percent}%` }}
              />
            </div>
          </>
        )}
        {run.status === "done" ? (
          <>
            <div role="group" aria-label="Lignes par résultat" className="flex flex-wrap gap-2">
              {filter(null, "Toutes")}
              {OUTCOMES.map((o) => filter(o, OUTCOME_LABELS[o], run.counts[o]))}
            </div>
            <a
              href={`/api/feeds/${feedId}/runs/${run.id}/report`}
              className={buttonClasses("secondary", "sm")}
              download
            >
              Télécharger le rapport (CSV)
            </a>
            <LineReportTable
              className="max-h-96"
              label="Rapport de l'exécution"
              headers={["SKU", "Nom", "Résultat"]}
              rows={run.report.map((r) => ({
                key: r.idx,
                line: r.line,
                cells: [
                  r.sku,
                  r.name,
                  `${r.outcome ? OUTCOME_LABELS[r.outcome] : "—"}${r.reason ? ` : ${r.reason}` : r.changes ? ` : ${r.changes}` : ""}`,
                ],
              }))}
            />
            {run.report.length >= run.report_limit ? (
              <p className="text-xs text-zinc-500">
                Le tableau montre les {run.report_limit} premières lignes, les problèmes d&apos;abord : le rapport
                téléchargeable les contient toutes.
              </p>
            ) : null}
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
