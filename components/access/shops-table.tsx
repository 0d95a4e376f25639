"use client";

import { useState } from "react";
import { apiFetch, errorMessage } from "@/client/api-client";
import { useAccessSettings, type TAccessSettingsView } from "@/client/hooks/use-access-settings";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { SHOP_STRATEGIES } from "@/db/schema/fetch-access";
import { formatCredits, PATH_LABELS, STRATEGY_LABELS } from "./labels";

const SAVE_ERROR = "Erreur lors du changement de stratégie";

/** Per shop: its strategy (owners change it), the path that last worked, the success rate, the month's credits. */
export function ShopsTable({ data, isOwner }: { data: TAccessSettingsView; isOwner: boolean }) {
  const { mutate } = useAccessSettings();
  const [error, setError] = useState<string | null>(null);
  const credits = new Map(data.usage.shops.map((s) => [s.host, s.credits]));

  async function change(host: string, strategy: string) {
    setError(null);
    try {
      await apiFetch("/api/access/shops", { method: "PUT", body: { host, strategy }, fallback: SAVE_ERROR });
      void mutate();
    } catch (err) {
      setError(errorMessage(err, SAVE_ERROR));
    }
  }

  return (
    <Card>
      <CardHeader
        title="Stratégie par boutique"
        description="Automatique : direct, puis navigateur, puis proxies et API de scraping si la page est bloquée ; le chemin qui a marché est retenu 24 h."
      />
      <CardBody className="space-y-3">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {data.shops.length === 0 ? (
          <p className="text-sm text-zinc-500">Aucune boutique relevée pour l&apos;instant.</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <THead>
                <Tr>
                  <Th>Boutique</Th>
                  <Th>Stratégie</Th>
                  <Th>Dernier chemin réussi</Th>
                  <Th numeric>Réussite</Th>
                  <Th numeric className="whitespace-nowrap">
                    Crédits du mois
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {data.shops.map((s) => (
                  <Tr key={s.host}>
                    <Td className="font-medium whitespace-nowrap">{s.host}</Td>
                    <Td>
                      {isOwner ? (
                        <Select
                          className="min-w-36"
                          aria-label={`Stratégie pour ${s.host}`}
                          value={s.strategy}
                          onChange={(e) => void change(s.host, e.target.value)}
                        >
                          {(Object.keys(STRATEGY_LABELS) as (typeof SHOP_STRATEGIES)[number][]).map((v) => (
                            <option key={v} value={v}>
                              {STRATEGY_LABELS[v]}
                            </option>
                          ))}
                        </Select>
                      ) : (
                        <span className="whitespace-nowrap">{STRATEGY_LABELS[s.strategy]}</span>
                      )}
                    </Td>
                    <Td>{s.lastPath ? PATH_LABELS[s.lastPath] : "—"}</Td>
                    <Td numeric>{s.successRate === null ? "—" : `${s.successRate} %`}</Td>
                    <Td numeric className="whitespace-nowrap">
                      {formatCredits(credits.get(s.host) ?? 0)}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
