import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/** A grey placeholder block; decorative, so pair it with a role="status" region that says what loads. */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-zinc-200/70", className)} {...rest} />;
}
