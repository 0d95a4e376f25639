"use client";

import { useState } from "react";
import { apiFetch, errorMessage, setShownWorkspace } from "@/client/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const DELETE_ERROR = "Erreur lors de la suppression de l'espace";

/** Owner only: deletes the workspace once its name is typed; the app then opens another of the user's workspaces. */
export function DeleteWorkspaceCard({ name }: { name: string }) {
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/workspaces/current", { method: "DELETE", body: { name: typed }, fallback: DELETE_ERROR });
      setShownWorkspace(null);
      window.location.assign("/dashboard");
    } catch (err) {
      setError(errorMessage(err, DELETE_ERROR));
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Supprimer l'espace"
        description="Produits, URLs, relevés, alertes, canaux, rapports, jetons et journal de cet espace sont supprimés pour tous ses membres. C'est irréversible."
      />
      <CardBody className="space-y-4">
        <Field label={`Saisissez « ${name} » pour confirmer`}>
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        </Field>
        <Button variant="danger" onClick={() => void remove()} loading={busy} disabled={typed.trim() !== name.trim()}>
          {busy ? "Suppression..." : "Supprimer définitivement l'espace"}
        </Button>
        {error ? (
          <Alert tone="error" onDismiss={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
      </CardBody>
    </Card>
  );
}
