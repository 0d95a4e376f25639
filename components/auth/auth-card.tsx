import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** The card of the sign-in family of pages: title, subtitle, form, footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="px-6 py-8 shadow-sm sm:px-10">
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-zinc-500">{subtitle}</p> : null}
      </div>
      {children}
      {footer ? (
        <div className="mt-6 border-t border-zinc-100 pt-5 text-center text-sm text-zinc-600">{footer}</div>
      ) : null}
    </Card>
  );
}

export const linkClass = "font-medium text-brand-700 hover:text-brand-800 hover:underline";
