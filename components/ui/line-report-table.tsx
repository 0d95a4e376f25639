import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type TLineReportRow = { key: string | number; line: number | null; cells: ReactNode[] };

/**
 * A report of a file's lines (an import's refusals, a feed run's rows): the line number, then the given columns,
 * in a scrolling box whose header stays in view.
 */
export function LineReportTable({
  label,
  headers,
  rows,
  className,
}: {
  label?: string;
  headers: string[];
  rows: TLineReportRow[];
  className?: string;
}) {
  return (
    <div className={cn("overflow-auto rounded-lg border border-zinc-200", className)}>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-500">
          <tr>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Ligne
            </th>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {rows.map((r) => (
            <tr key={r.key}>
              <td className="num px-3 py-2 text-right tabular-nums">{r.line ?? "—"}</td>
              {r.cells.map((cell, i) => (
                <td
                  key={headers[i]}
                  className={i === r.cells.length - 1 ? "px-3 py-2 text-zinc-700" : "max-w-48 truncate px-3 py-2"}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
