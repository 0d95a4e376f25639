"use client";

import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AlertDialog, AlertDialogCancel } from "@/components/ui/alert-dialog";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A destructive-action confirmation (alertdialog); Escape is ignored while the action runs. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <AlertDialog
      open={open}
      onCancel={onCancel}
      title={title}
      dismissible={!busy}
      footer={
        <>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={busy}>
              Annuler
            </Button>
          </AlertDialogCancel>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-zinc-700">
        {children}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
    </AlertDialog>
  );
}
