import { cn } from "@/lib/cn";
import { Icon } from "./icons";
import type { TFaqItem } from "./faq-items";
import { SectionHeading } from "./section-heading";

/**
 * Native <details>/<summary> disclosure: focusable, toggled with Enter or Space, and announced as
 * expanded/collapsed by screen readers without any JavaScript.
 */
export function Faq({ items }: { items: TFaqItem[] }) {
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions fréquentes" />
      <div className="mt-12 divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-white shadow-xs">
        {items.map((item) => (
          <details key={item.id} id={`faq-${item.id}`} className="group" data-faq-item="">
            <summary
              className={cn(
                "flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left",
                "font-medium text-zinc-900 hover:bg-zinc-50 sm:px-6 [&::-webkit-details-marker]:hidden",
              )}
            >
              <span>{item.question}</span>
              <Icon
                name="chevronDown"
                className="size-5 shrink-0 text-zinc-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="space-y-3 px-5 pb-5 text-sm leading-relaxed text-zinc-600 sm:px-6">
              {item.answer.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
