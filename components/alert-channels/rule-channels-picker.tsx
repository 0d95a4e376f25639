"use client";

import Link from "next/link";
import { useAlertChannels } from "@/client/hooks/use-alert-channels";

type Props = { value: string[]; onChange: (ids: string[]) => void };

/** Checkboxes of the user's alert channels a rule also sends to; e-mail is always sent. */
export function RuleChannelsPicker({ value, onChange }: Props) {
  const { data, error } = useAlertChannels();
  if (!data && !error) {
    return (
      <p role="status" className="text-xs text-zinc-500">
        Chargement des canaux d&apos;envoi…
      </p>
    );
  }
  if (!data || data.channels.length === 0) {
    return (
      <p className="text-xs text-zinc-500">
        Envoi par email.{" "}
        {data?.can_create ? (
          <Link href="/dashboard#canaux" className="font-medium text-brand-700 hover:underline">
            Ajouter un webhook, Slack ou Teams
          </Link>
        ) : null}
      </p>
    );
  }
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-900">Envoyer aussi vers</legend>
      <p className="text-xs text-zinc-500">L&apos;email est toujours envoyé.</p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {data.channels.map((c) => (
          <label key={c.id} className="flex items-center gap-2 text-sm text-zinc-700">
            <input
              type="checkbox"
              className="size-4 rounded border-zinc-300 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500"
              checked={value.includes(c.id)}
              onChange={(e) => toggle(c.id, e.target.checked)}
            />
            {c.name} <span className="text-xs text-zinc-500">({c.kind_label})</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
