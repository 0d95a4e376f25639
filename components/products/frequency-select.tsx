"use client";

import { forwardRef } from "react";
import { FREQUENCY_LABELS, TRACKING_FREQUENCIES } from "@/lib/products/schemas";
import { Select, type SelectProps } from "@/components/ui/select";

/** Hourly / daily / weekly; hourly is offered only when the plan has automation (the server refuses it otherwise). */
export const FrequencySelect = forwardRef<HTMLSelectElement, SelectProps & { hourlyAllowed: boolean }>(
  function FrequencySelect({ hourlyAllowed, ...rest }, ref) {
    return (
      <Select ref={ref} {...rest}>
        {TRACKING_FREQUENCIES.map((f) => (
          <option key={f} value={f} disabled={f === "hourly" && !hourlyAllowed}>
            {FREQUENCY_LABELS[f]}
          </option>
        ))}
      </Select>
    );
  },
);

export const HOURLY_HINT = "« Toutes les heures » nécessite un abonnement avec automatisation.";
