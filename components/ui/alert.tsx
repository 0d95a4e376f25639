import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type AlertTone = "success" | "error" | "info" | "warning";

const TONES: Record<AlertTone, { box: string; icon: string; path: string }> = {
  success: {
    box: "border-green-200 bg-green-50 text-green-900",
    icon: "text-green-600",
    path:
      "M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.8a.75.75 0 0 0-1.22-.87l-3.24 4.53-1.63-1.63a.75.75 0 0 " +
      "0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.1l3.76-5.24Z",
  },
  error: {
    box: "border-red-200 bg-red-50 text-red-900",
    icon: "text-red-600",
    path:
      "M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 " +
      "1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 " +
      "8.28 7.22Z",
  },
  info: {
    box: "border-brand-200 bg-brand-50 text-brand-950",
    icon: "text-brand-600",
    path:
      "M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 " +
      "1.5h.25v2.75a.75.75 0 0 0 1.5 0V9.75A.75.75 0 0 0 10 9H9Z",
  },
  warning: {
    box: "border-amber-200 bg-amber-50 text-amber-950",
    icon: "text-amber-600",
    path:
      "M8.49 2.5c.67-1.16 2.35-1.16 3.02 0l6.28 10.88c.67 1.16-.17 2.62-1.51 2.62H3.72c-1.34 " +
      "0-2.18-1.46-1.51-2.62L8.49 2.5ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 " +
      "8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z",
  },
};

type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Shows a close button when given. */
  onDismiss?: () => void;
};

/** A banner; errors are announced assertively (role="alert"), the rest politely (role="status"). */
export function Alert({ tone = "info", title, children, className, onDismiss }: AlertProps) {
  const t = TONES[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-lg border px-4 py-3 text-sm", t.box, className)}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={cn("mt-0.5 size-4 shrink-0", t.icon)}>
        <path fillRule="evenodd" clipRule="evenodd" d={t.path} />
      </svg>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={cn(title ? "mt-1" : undefined)}>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Fermer le message"
          className="-m-1 h-6 w-6 shrink-0 rounded-md p-1 opacity-70 hover:opacity-100"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path
              d={
                "M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 " +
                "3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z"
              }
            />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

/** The message an action left (client/hooks/use-action.ts), in place; nothing without one. */
export function ActionAlert({
  message,
  onDismiss,
  className,
}: {
  message: { tone: "error" | "success"; text: string } | null;
  onDismiss?: () => void;
  className?: string;
}) {
  if (!message) return null;
  return (
    <Alert tone={message.tone} onDismiss={onDismiss} className={className}>
      {message.text}
    </Alert>
  );
}
