"use client";

import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Label } from "./label";

type ControlProps = {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
};

type FieldProps = {
  label: ReactNode;
  /** A single control (Input, Textarea, Select…); it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<ControlProps>;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  id?: string;
  className?: string;
  /** Extra content on the label row (e.g. a "Mot de passe oublié ?" link). */
  aside?: ReactNode;
};

export function Field({ label, children, error, hint, optional, id, className, aside }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? children.props.id ?? `f${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [children.props["aria-describedby"], hintId, errorId].filter(Boolean).join(" ") || undefined;

  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : children.props["aria-invalid"],
      })
    : children;

  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={controlId} optional={optional}>
          {label}
        </Label>
        {aside}
      </div>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
