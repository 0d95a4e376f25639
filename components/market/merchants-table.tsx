import type { TMerchantsData } from "@/client/hooks/use-market";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatPercent, formatVariation } from "@/lib/format";

type TMerchant = TMerchantsData["merchants"][number];

/** Per merchant domain: how often the cheapest, average gap to 'mon prix', out-of-stock rate. */
export function MerchantsTable({ merchants }: { merchants: TMerchant[] }) {
  return (
    <Table aria-label="Marchands">
      <THead>
        <tr>
          <Th>Marchand</Th>
          <Th numeric>Le moins cher</Th>
          <Th numeric>Écart moyen à mon prix</Th>
          <Th numeric>Ruptures</Th>
        </tr>
      </THead>
      <TBody>
        {merchants.map((m) => (
          <Tr key={m.domain}>
            <Td>
              <span className="font-medium text-zinc-900">{m.domain}</span>
              <span className="block text-xs text-zinc-500">
                {m.products} produit{m.products > 1 ? "s" : ""}
              </span>
            </Td>
            <Td numeric>
              {formatPercent(m.cheapest_rate)}
              <span className="block text-xs text-zinc-500">
                {m.cheapest_count} sur {m.priced_products}
              </span>
            </Td>
            <Td numeric>
              {m.average_gap === null ? "—" : formatVariation(m.average_gap)}
              <span className="block text-xs text-zinc-500">{formatPercent(m.average_gap_percent, true)}</span>
            </Td>
            <Td numeric>
              {formatPercent(m.out_of_stock_rate)}
              <span className="block text-xs text-zinc-500">
                {m.out_of_stock} URL{m.out_of_stock > 1 ? "s" : ""} sur {m.urls}
              </span>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
