"use client";

import { useFeedRun } from "@/client/hooks/use-feeds";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";
import { RunStatusBadge } from "./run-status-badge";

const OUTCOMES: Record<string, string> = {
  new: "Nouveau",
  changed: "Modifié",
  unchanged: "Inchangé",
  gone: "Absent du flux",
  invalid: "Invalide",
  over_limit: "Hors limite du plan",
};

/** A run: its progress bar while it runs (polled every second), then its counts and its report. */
export function RunPanel({ feedId, runId }: { feedId: string; runId: string }) {
  const { data: run, error } = useFeedRun(feedId, runId);
  if (error && !run) return <Alert tone="error">{error.message}</Alert>;
  if (!run) return null;
  const percent = run.total_rows > 0 ? Math.round((100 * run.done_rows) / run.total_rows) : 0;
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
            <a
              href={`/api/feeds/${feedId}/runs/${run.id}/report`}
              className={buttonClasses("secondary", "sm")}
              download
            >
              Télécharger le rapport (CSV)
            </a>
            <div className="max-h-96 overflow-auto rounded-lg border border-zinc-200">
              <table className="w-full text-left text-sm" aria-label="Rapport de l'exécution">
                <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-500">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Ligne
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      SKU
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Nom
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Résultat
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100">
                  {run.report.map((r) => (
                    <tr key={r.idx}>
                      <td className="num px-3 py-2 text-right tabular-nums">{r.line ?? "—"}</td>
                      <td className="max-w-32 truncate px-3 py-2">{r.sku}</td>
                      <td className="max-w-48 truncate px-3 py-2">{r.name}</td>
                      <td className="px-3 py-2 text-zinc-700">
                        {r.outcome ? OUTCOMES[r.outcome] : "—"}
                        {r.reason ? ` : ${r.reason}` : r.changes ? ` : ${r.changes}` : ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {run.report.length >= run.report_limit ? (
              <p className="text-xs text-zinc-500">Les lignes suivantes sont dans le rapport téléchargeable.</p>
            ) : null}
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
