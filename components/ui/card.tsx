import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "@/lib/cn";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-xl border border-zinc-200 bg-white shadow-xs", className)} {...rest} />;
}

type CardHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links on the right of the title. */
  actions?: ReactNode;
  className?: string;
  /** Heading level of the title; h2 by default. */
  as?: "h2" | "h3";
  titleId?: string;
};

export function CardHeader({ title, description, actions, className, as: Heading = "h2", titleId }: CardHeaderProps) {
  return (
    <div
      className={cn(
        "flex flex-wrap items-start justify-between gap-3 border-b border-zinc-100 px-5 py-4 sm:px-6",
        className,
      )}
    >
      <div className="min-w-0">
        <Heading id={titleId} className="text-base font-semibold text-zinc-900">
          {title}
        </Heading>
        {description ? <p className="mt-0.5 text-sm text-zinc-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("px-5 py-5 sm:px-6", className)} {...rest} />;
}

export function CardFooter({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "flex flex-wrap items-center justify-end gap-2 border-t border-zinc-100 px-5 py-3 sm:px-6",
        className,
      )}
      {...rest}
    />
  );
}
