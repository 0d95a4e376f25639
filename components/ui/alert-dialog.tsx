"use client";

import { AlertDialog as RadixAlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type AlertDialogProps = {
  open: boolean;
  onCancel: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** The footer buttons; wrap the cancel one in `AlertDialogCancel` so Escape and focus go to it. */
  footer: ReactNode;
  /** False while the action runs, so Escape does not close a half-done operation. */
  dismissible?: boolean;
  className?: string;
};

/** Confirmation on Radix AlertDialog: role alertdialog, focus on the cancel button, no close on an outside click. */
export function AlertDialog({
  open,
  onCancel,
  title,
  children,
  footer,
  dismissible = true,
  className,
}: AlertDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay
          className={cn(
            "fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-zinc-950/50 p-0",
            "backdrop-blur-[2px] sm:items-center sm:p-6",
          )}
        >
          <RadixAlertDialog.Content
            onEscapeKeyDown={(e) => {
              if (!dismissible) e.preventDefault();
            }}
            className={cn(
              "relative flex max-h-[92dvh] w-full max-w-sm flex-col rounded-t-2xl bg-white shadow-2xl outline-none sm:rounded-2xl",
              className,
            )}
          >
            <div className="border-b border-zinc-100 px-5 py-4 sm:px-6">
              <RadixAlertDialog.Title className="text-lg font-semibold text-zinc-900">{title}</RadixAlertDialog.Title>
            </div>
            <RadixAlertDialog.Description asChild>
              <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
            </RadixAlertDialog.Description>
            <div className="flex flex-col-reverse gap-2 border-t border-zinc-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          </RadixAlertDialog.Content>
        </RadixAlertDialog.Overlay>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}

export const AlertDialogCancel = RadixAlertDialog.Cancel;
