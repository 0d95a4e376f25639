import type { LabelHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export type LabelProps = LabelHTMLAttributes<HTMLLabelElement> & { optional?: boolean };

export function Label({ className, children, optional, ...rest }: LabelProps) {
  return (
    <label className={cn("block text-sm font-medium text-zinc-800", className)} {...rest}>
      {children}
      {optional ? <span className="ml-1 font-normal text-zinc-500">(facultatif)</span> : null}
    </label>
  );
}
