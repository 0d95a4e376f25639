import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export const controlClasses =
  "block w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs " +
  "placeholder:text-zinc-500 transition-colors hover:border-zinc-400 " +
  "focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500/30 " +
  "disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:text-zinc-500 " +
  "aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/30";

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, invalid, type = "text", ...rest },
  ref,
) {
  return (
    <input
      ref={ref}
      type={type}
      aria-invalid={invalid || rest["aria-invalid"] || undefined}
      className={cn(controlClasses, "h-10", className)}
      {...rest}
    />
  );
});
