"use client";

import { useState } from "react";
import { mutate } from "swr";
import { apiFetch } from "@/client/api-client";
import { useAction } from "@/client/hooks/use-action";
import { feedKey, type TFeedDetail } from "@/client/hooks/use-feeds";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { FIELD_LABELS, FORMAT_LABELS } from "@/lib/feeds/labels";

const FIELDS = Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[];
const IGNORED = "";

/** The format found and the column giving each field, as proposed from the header; the user's choice is kept. */
export function MappingForm({ feed, canEdit }: { feed: TFeedDetail; canEdit: boolean }) {
  const [format, setFormat] = useState(feed.format ?? "veilleprix");
  const [mapping, setMapping] = useState<Record<string, string | null>>(feed.mapping ?? {});
  const { busy, message, run } = useAction();
  const columns = feed.header;

  async function save() {
    await run(
      "save",
      async () => {
        const saved = await apiFetch(`/api/feeds/${feed.id}`, {
          method: "PATCH",
          body: format !== feed.format ? { format } : { mapping },
          fallback: "Erreur lors de l'enregistrement de la correspondance",
        });
        await mutate(feedKey(feed.id));
        return saved;
      },
      { error: "Erreur lors de l'enregistrement de la correspondance", success: "Correspondance enregistrée" },
    );
  }

  return (
    <Card>
      <CardHeader
        title="Correspondance des colonnes"
        description={
          columns.length === 0
            ? "Le flux n'a pas encore été lu : la correspondance sera proposée à la première exécution."
            : "Choisissez la colonne du flux qui donne chaque information. La référence (SKU) et le nom sont obligatoires."
        }
      />
      <CardBody className="space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Field label="Format">
          <Select value={format} disabled={!canEdit} onChange={(e) => setFormat(e.target.value as typeof format)}>
            {Object.entries(FORMAT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        {format !== feed.format ? (
          <p className="text-sm text-zinc-600">Enregistrez pour que la correspondance de ce format soit proposée.</p>
        ) : columns.length > 0 ? (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <Field key={field} label={FIELD_LABELS[field]}>
                <Select
                  value={mapping[field] ?? IGNORED}
                  disabled={!canEdit}
                  onChange={(e) => setMapping({ ...mapping, [field]: e.target.value || null })}
                >
                  <option value={IGNORED}>(non lue)</option>
                  {columns.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              </Field>
            ))}
          </div>
        ) : null}
        {canEdit ? (
          <Button variant="secondary" loading={busy === "save"} onClick={() => void save()}>
            Enregistrer la correspondance
          </Button>
        ) : null}
      </CardBody>
    </Card>
  );
}
