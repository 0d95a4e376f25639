import Link from "next/link";
import type { TOverviewData } from "@/client/hooks/use-market";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatEuros, formatPercent, formatVariation } from "@/lib/format";
import { productPath } from "@/lib/products/product-path";
import { PositionBadge } from "./position-badge";

type TLine = TOverviewData["products"][number];

// the two long headers take two lines, so the eight columns fit a 1280 px screen
const WRAPPED = "w-36 whitespace-normal";

function Gap({ amount, percent }: { amount: string | null; percent: string | null }) {
  if (amount === null) return <span className="text-zinc-400">—</span>;
  return (
    <>
      <span className="block">{formatVariation(amount)}</span>
      <span className="block text-xs text-zinc-500">{formatPercent(percent, true)}</span>
    </>
  );
}

function Cheapest({ line }: { line: TLine }) {
  return <>{line.cheapest_merchants.map((m) => m.name).join(", ") || "—"}</>;
}

/** The positioning table (from 768 px) and the same lines as cards on a phone. */
export function OverviewTable({ lines }: { lines: TLine[] }) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Positionnement par produit">
          <THead>
            <tr>
              <Th>Produit</Th>
              <Th numeric>Mon prix</Th>
              <Th>Position</Th>
              <Th numeric>Moins cher</Th>
              <Th numeric>Moyenne</Th>
              <Th numeric className={WRAPPED}>
                Écart au moins cher
              </Th>
              <Th numeric className={WRAPPED}>
                Écart à la moyenne
              </Th>
              <Th numeric>Indice</Th>
            </tr>
          </THead>
          <TBody>
            {lines.map((l) => (
              <Tr key={l.product_id}>
                <Td className="max-w-56">
                  <Link href={productPath(l.product_id)} className="font-medium text-zinc-900 hover:underline">
                    {l.name}
                  </Link>
                  <span className="block truncate text-xs text-zinc-500">
                    <Cheapest line={l} /> · {l.market.count} offre{l.market.count > 1 ? "s" : ""}
                    {l.out_of_stock ? ` · ${l.out_of_stock} en rupture` : ""}
                  </span>
                </Td>
                <Td numeric>{formatEuros(l.my_price)}</Td>
                <Td>
                  <PositionBadge position={l.position} />
                </Td>
                <Td numeric>{l.market.min === null ? "—" : formatEuros(l.market.min)}</Td>
                <Td numeric>{l.market.avg === null ? "—" : formatEuros(l.market.avg)}</Td>
                <Td numeric>
                  <Gap amount={l.gap_to_cheapest} percent={l.gap_to_cheapest_percent} />
                </Td>
                <Td numeric>
                  <Gap amount={l.gap_to_average} percent={l.gap_to_average_percent} />
                </Td>
                <Td numeric>{l.price_index === null ? "—" : formatPercent(l.price_index).replace(" %", "")}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label="Positionnement par produit">
        {lines.map((l) => (
          <li key={l.product_id} className="rounded-lg border border-zinc-200 p-3">
            <div className="flex items-start justify-between gap-2">
              <Link href={productPath(l.product_id)} className="min-w-0 font-medium text-zinc-900 hover:underline">
                {l.name}
              </Link>
              <PositionBadge position={l.position} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-zinc-500">Mon prix</dt>
              <dd className="num text-right">{formatEuros(l.my_price)}</dd>
              <dt className="text-zinc-500">Moins cher</dt>
              <dd className="num text-right">
                {l.market.min === null ? "—" : formatEuros(l.market.min)}
                <span className="block text-xs text-zinc-500">
                  <Cheapest line={l} />
                </span>
              </dd>
              <dt className="text-zinc-500">Écart au moins cher</dt>
              <dd className="num text-right">
                <Gap amount={l.gap_to_cheapest} percent={l.gap_to_cheapest_percent} />
              </dd>
              <dt className="text-zinc-500">Écart à la moyenne</dt>
              <dd className="num text-right">
                <Gap amount={l.gap_to_average} percent={l.gap_to_average_percent} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
