import { cn } from "@/lib/cn";

type SpinnerProps = {
  className?: string;
  size?: "sm" | "md" | "lg";
  /** Screen-reader text; pass null when a surrounding element already announces the wait. */
  label?: string | null;
};

const SIZES = { sm: "size-4", md: "size-5", lg: "size-8" } as const;

export function Spinner({ className, size = "md", label = "Chargement..." }: SpinnerProps) {
  return (
    <span role={label ? "status" : undefined} className={cn("inline-flex items-center", className)}>
      <svg className={cn("animate-spin", SIZES[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** A centred spinner with visible text, for whole sections or pages. */
export function LoadingBlock({ label = "Chargement...", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-3 py-10 text-sm text-zinc-500", className)}>
      <Spinner label={null} />
      <span>{label}</span>
    </div>
  );
}
