import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type Props = {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: "center" | "left";
  as?: "h1" | "h2";
  className?: string;
};

export function SectionHeading({ id, eyebrow, title, lead, align = "center", as: Heading = "h2", className }: Props) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-600">{eyebrow}</p> : null}
      <Heading
        id={id}
        className={cn(
          "mt-2 font-semibold tracking-tight text-balance text-zinc-900",
          Heading === "h1" ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl",
        )}
      >
        {title}
      </Heading>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-pretty text-zinc-600">{lead}</p> : null}
    </div>
  );
}
