import type { TMerchantsData } from "@/client/hooks/use-market";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatPercent, formatVariation } from "@/lib/format";

type TMerchant = TMerchantsData["merchants"][number];

// the headers wrap, so that the four columns fit the half-width card of a desktop screen without a scroll;
// on a phone the gap and the out-of-stock rate go under the merchant's name instead of two more columns
const WRAP = "whitespace-normal";
const WIDE = "hidden whitespace-normal sm:table-cell";

function Gap({ m }: { m: TMerchant }) {
  return (
    <>
      {m.average_gap === null ? "—" : formatVariation(m.average_gap)}
      <span className="block text-xs text-zinc-500">{formatPercent(m.average_gap_percent, true)}</span>
    </>
  );
}

function OutOfStock({ m }: { m: TMerchant }) {
  return (
    <>
      {formatPercent(m.out_of_stock_rate)}
      <span className="block text-xs text-zinc-500">
        {m.out_of_stock} URL{m.out_of_stock > 1 ? "s" : ""} sur {m.urls}
      </span>
    </>
  );
}

/** Per merchant (its domain, or the source's own name on that domain): how often the cheapest, average gap to 'mon prix', out-of-stock rate. */
export function MerchantsTable({ merchants }: { merchants: TMerchant[] }) {
  return (
    <Table aria-label="Marchands">
      <THead>
        <tr>
          <Th className={WRAP}>Marchand</Th>
          <Th numeric className={WRAP}>
            Le moins cher
          </Th>
          <Th numeric className={WIDE}>
            Écart moyen à mon prix
          </Th>
          <Th numeric className={WIDE}>
            Ruptures
          </Th>
        </tr>
      </THead>
      <TBody>
        {merchants.map((m) => (
          <Tr key={`${m.domain} ${m.merchant}`}>
            <Td>
              <span className="font-medium break-all text-zinc-900">{m.merchant}</span>
              <span className="block text-xs text-zinc-500">
                {m.merchant !== m.domain ? `${m.domain} · ` : null}
                {m.products} produit{m.products > 1 ? "s" : ""}
              </span>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 text-xs tabular-nums sm:hidden">
                <div>
                  <dt className="text-zinc-500">Écart moyen à mon prix</dt>
                  <dd className="text-sm">
                    <Gap m={m} />
                  </dd>
                </div>
                <div>
                  <dt className="text-zinc-500">Ruptures</dt>
                  <dd className="text-sm">
                    <OutOfStock m={m} />
                  </dd>
                </div>
              </dl>
            </Td>
            <Td numeric className="align-top sm:align-middle">
              {formatPercent(m.cheapest_rate)}
              <span className="block text-xs text-zinc-500">
                {m.cheapest_count} sur {m.priced_products}
              </span>
            </Td>
            <Td numeric className="hidden sm:table-cell">
              <Gap m={m} />
            </Td>
            <Td numeric className="hidden sm:table-cell">
              <OutOfStock m={m} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
