"use client";

import { useAction } from "@/client/hooks/use-action";
import { formatCents, formatUnixDate } from "@/lib/format";
import { useInvoices } from "@/client/hooks/use-invoices";
import { ActionAlert, Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { downloadFile } from "@/components/history/download-file";
import type { Invoice } from "./types";

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  paid: { label: "Payée", tone: "success" },
  open: { label: "En attente", tone: "warning" },
  void: { label: "Annulée", tone: "neutral" },
  draft: { label: "Brouillon", tone: "neutral" },
};

export function invoiceStatus(status: string | null | undefined) {
  return STATUS[status ?? ""] ?? { label: "Échec", tone: "danger" as BadgeTone };
}

function invoiceAmount(inv: Invoice) {
  const cents = inv.status === "paid" ? inv.amount_paid : inv.amount_due;
  return formatCents(cents ?? inv.total);
}

const DOWNLOAD_ERROR = "Erreur lors du téléchargement de la facture";

function PdfAction({ inv, busy, onOpen }: { inv: Invoice; busy: boolean; onOpen: () => void }) {
  const enabled = inv.status === "paid" || inv.status === "open";
  const label = inv.status === "paid" ? "Télécharger" : "Voir la facture";
  return (
    <Button size="sm" variant={enabled ? "secondary" : "ghost"} disabled={!enabled} loading={busy} onClick={onOpen}>
      {label}
    </Button>
  );
}

export function InvoiceTable() {
  const { data, error, isLoading: loading } = useInvoices();
  const pdf = useAction();
  const invoices = Array.isArray(data) ? data : [];

  return (
    <Card>
      <CardHeader title="Factures" />
      {loading && data === undefined ? (
        <CardBody role="status" aria-label="Chargement des factures" className="space-y-3">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </CardBody>
      ) : error ? (
        <CardBody>
          <Alert tone="error">{error.message}</Alert>
        </CardBody>
      ) : invoices.length === 0 ? (
        <CardBody>
          <p className="text-sm text-zinc-500">Aucune facture</p>
        </CardBody>
      ) : (
        <>
          {pdf.message ? (
            <CardBody>
              <ActionAlert message={pdf.message} onDismiss={pdf.clear} />
            </CardBody>
          ) : null}
          <Table aria-label="Factures">
            <THead>
              <tr>
                <Th>Date</Th>
                <Th numeric>Montant</Th>
                <Th className="hidden sm:table-cell">Statut</Th>
                <Th className="text-right">Facture</Th>
              </tr>
            </THead>
            <TBody>
              {invoices.map((inv) => {
                const st = invoiceStatus(inv.status);
                return (
                  <Tr key={inv.id}>
                    <Td className="num whitespace-nowrap">
                      {formatUnixDate(inv.created)}
                      {/* on a phone the status goes under the date, so the PDF button stays on screen */}
                      <Badge tone={st.tone} className="mt-1 flex w-fit sm:hidden">
                        {st.label}
                      </Badge>
                    </Td>
                    <Td numeric className="font-medium text-zinc-900">
                      {invoiceAmount(inv)}
                    </Td>
                    <Td className="hidden sm:table-cell">
                      <Badge tone={st.tone}>{st.label}</Badge>
                    </Td>
                    <Td className="text-right">
                      <PdfAction
                        inv={inv}
                        busy={pdf.busy === inv.id}
                        onOpen={() =>
                          void pdf.run(
                            inv.id,
                            () =>
                              downloadFile(
                                `/api/payments/invoices/${encodeURIComponent(inv.id)}/pdf`,
                                "facture.pdf",
                                DOWNLOAD_ERROR,
                              ),
                            { error: DOWNLOAD_ERROR },
                          )
                        }
                      />
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        </>
      )}
    </Card>
  );
}
