"use client";

import { Tabs as RadixTabs } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type TabItem = { value: string; label: ReactNode; content: ReactNode };

/**
 * Tabs on Radix Tabs (arrow keys move between them). Every panel stays mounted, hidden when not selected, so
 * what a panel watches (a running task, alerts being sent) keeps being watched while another one is shown.
 */
export function Tabs({ items, label, className }: { items: TabItem[]; label: string; className?: string }) {
  return (
    <RadixTabs.Root defaultValue={items[0]?.value} className={cn("min-w-0", className)}>
      <RadixTabs.List aria-label={label} className="-mb-px flex gap-1 overflow-x-auto border-b border-zinc-200">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              "shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap",
              "text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px]",
              "focus-visible:outline-brand-600 data-[state=active]:border-brand-600",
              "data-[state=active]:text-brand-700",
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content
          key={item.value}
          value={item.value}
          forceMount
          className="pt-4 outline-none data-[state=inactive]:hidden"
        >
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
