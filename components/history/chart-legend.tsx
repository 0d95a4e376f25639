import { cn } from "@/lib/cn";
import { formatCents } from "@/lib/format";

/**
 * The merchants (a click hides or shows a line; one with no price in the range says so, with no colour), my price
 * and the minimum advertised price when drawn, the crossed-out price's key.
 */
export function ChartLegend({
  series,
  reference,
  minAdvertised,
  hasRegular,
  onToggle,
}: {
  series: { url_id: string; name: string; color: string; hidden: boolean; unread: boolean }[];
  reference: number | null;
  minAdvertised: number | null;
  hasRegular: boolean;
  onToggle: (urlId: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 border-t border-zinc-100 px-4 py-2.5">
      <ul className="flex flex-wrap gap-x-4 gap-y-1.5" aria-label="Marchands">
        {series.map((s) => (
          <li key={s.url_id}>
            <button
              type="button"
              aria-pressed={!s.hidden}
              title={s.hidden ? "Afficher cette courbe" : "Masquer cette courbe"}
              onClick={() => onToggle(s.url_id)}
              className={cn(
                "flex items-center gap-1.5 text-xs",
                s.hidden ? "text-zinc-500 line-through" : "text-zinc-700",
              )}
            >
              {s.unread ? (
                <span className="w-4 border-t border-dashed border-zinc-400" />
              ) : (
                <span className="h-0.5 w-4 rounded" style={{ background: s.color }} />
              )}
              {s.name}
              {s.unread ? <span className="text-zinc-500">(aucun relevé sur la période)</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {reference !== null ? (
        <span className="flex items-center gap-1.5 text-xs text-zinc-700">
          <span className="w-4 border-t-2 border-dashed border-zinc-900" />
          Mon prix ({formatCents(reference)})
        </span>
      ) : null}
      {minAdvertised !== null ? (
        <span className="flex items-center gap-1.5 text-xs text-zinc-700">
          <span className="w-4 border-t-2 border-dotted border-amber-700" />
          Prix min. annoncé ({formatCents(minAdvertised)})
        </span>
      ) : null}
      {hasRegular ? (
        <span className="flex items-center gap-1.5 text-xs text-zinc-500">
          <span className="w-4 border-t border-dashed border-zinc-400" />
          Prix barré affiché par le marchand
        </span>
      ) : null}
    </div>
  );
}
