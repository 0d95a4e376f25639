"use client";

import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from "react";
import { cn } from "@/lib/cn";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Footer buttons, right-aligned. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  /** Element focused on open; else the first focusable element in the body, else the panel. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** False while an action runs, so Escape and the backdrop do not close a half-done operation. */
  dismissible?: boolean;
  className?: string;
};

const SIZES = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

// A dialog that replaces another one (a loading panel, then the loaded one) opens with the focus on <body>:
// it inherits the opener of the one it replaces, so closing it still gives the focus back to that opener.
let lastOpener: HTMLElement | null = null;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Modal dialog on Radix Dialog: focus trapped, the page behind inert, focus returned to the opener on close. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  initialFocusRef,
  dismissible = true,
  className,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const outside =
      active instanceof HTMLElement &&
      active !== document.body &&
      !active.closest('[role="dialog"], [role="alertdialog"]');
    opener.current = outside ? active : lastOpener;
    lastOpener = opener.current;
  }, [open]);
  // A dialog removed from the tree while open (its parent stops rendering it) gets no close event: give the
  // focus back to its opener all the same, after Radix's own focus scope has let go.
  useEffect(
    () => () => {
      const el = opener.current;
      if (el?.isConnected) setTimeout(() => el.isConnected && el.focus(), 30);
    },
    [],
  );
  const block = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={cn(
            "fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-zinc-950/50 p-0",
            "backdrop-blur-[2px] sm:items-center sm:p-6",
          )}
        >
          <RadixDialog.Content
            {...(description ? {} : { "aria-describedby": undefined })}
            onOpenAutoFocus={(e) => {
              const panel = e.currentTarget as HTMLElement;
              const first =
                initialFocusRef?.current ??
                Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).find(
                  (el) => !el.hasAttribute("data-dialog-close") && el.getClientRects().length > 0,
                );
              e.preventDefault();
              (first ?? panel).focus();
            }}
            onCloseAutoFocus={(e) => {
              if (!opener.current?.isConnected) return;
              e.preventDefault();
              opener.current.focus();
            }}
            onEscapeKeyDown={block}
            onInteractOutside={block}
            className={cn(
              "relative flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-2xl outline-none sm:max-h-[88dvh] sm:rounded-2xl",
              SIZES[size],
              className,
            )}
          >
            <div className="flex items-start justify-between gap-4 border-b border-zinc-100 px-5 py-4 sm:px-6">
              <div className="min-w-0">
                <RadixDialog.Title className="text-lg font-semibold text-zinc-900">{title}</RadixDialog.Title>
                {description ? (
                  <RadixDialog.Description className="mt-1 text-sm text-zinc-500">
                    {description}
                  </RadixDialog.Description>
                ) : null}
              </div>
              <RadixDialog.Close
                disabled={!dismissible}
                data-dialog-close=""
                aria-label="Fermer"
                className="-mr-2 rounded-lg p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 disabled:opacity-50"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
                  <path
                    d={
                      "M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 " +
                      "3.72a.75.75 0 0 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z"
                    }
                  />
                </svg>
              </RadixDialog.Close>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
            {footer ? (
              <div className="flex flex-col-reverse gap-2 border-t border-zinc-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
                {footer}
              </div>
            ) : null}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
