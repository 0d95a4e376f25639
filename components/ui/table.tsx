import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/**
 * A horizontally scrollable table; give it a caption or aria-label. The scroll box is focusable so that a
 * keyboard can scroll it on a narrow screen (WCAG 2.1.1).
 */
export function Table({ className, ...rest }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <table className={cn("w-full border-collapse text-left text-sm", className)} {...rest} />
    </div>
  );
}

export function THead({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn("border-b border-zinc-200 bg-zinc-50/80", className)} {...rest} />;
}

export function TBody({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("divide-y divide-zinc-100", className)} {...rest} />;
}

export function Tr({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("transition-colors hover:bg-zinc-50/60", className)} {...rest} />;
}

type Numeric = { numeric?: boolean };

export function Th({ className, numeric, scope = "col", ...rest }: ThHTMLAttributes<HTMLTableCellElement> & Numeric) {
  return (
    <th
      scope={scope}
      className={cn(
        "px-2 py-2.5 text-xs sm:px-4 font-semibold tracking-wide whitespace-nowrap text-zinc-500 uppercase",
        numeric && "text-right",
        className,
      )}
      {...rest}
    />
  );
}

export function Td({ className, numeric, ...rest }: TdHTMLAttributes<HTMLTableCellElement> & Numeric) {
  return (
    <td
      className={cn(
        "px-2 py-3 align-middle sm:px-4 text-zinc-700",
        numeric && "text-right whitespace-nowrap tabular-nums",
        className,
      )}
      {...rest}
    />
  );
}
