// The user menu button's look (initial, first name, chevron): drawn by the navbar while the menu's code loads, then
// by the menu's trigger, so the name shows from the first paint.
import { ChevronDownIcon } from "@/components/ui/chevron-down-icon";

export const USER_MENU_BUTTON =
  "group flex h-9 shrink-0 items-center gap-2 rounded-full border border-zinc-200 bg-white py-1 pr-3 pl-1 text-sm " +
  "font-medium text-zinc-800 shadow-xs hover:border-zinc-300 hover:bg-zinc-50";

export function UserMenuFace({ firstName }: { firstName: string | null }) {
  const label = firstName || "Utilisateur";
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
      >
        {label.charAt(0).toUpperCase()}
      </span>
      <span className="max-w-32 truncate">{label}</span>
      <ChevronDownIcon className="size-4 text-zinc-500 transition-transform group-data-[state=open]:rotate-180" />
    </>
  );
}
