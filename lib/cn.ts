import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge } from "tailwind-merge";

// tailwind-merge's default configuration knows every Tailwind class and weighs 6 KB gzipped in each page that
// renders a UI primitive (/login among them). This one knows only the class groups the project writes, in the
// default's order where two groups share a prefix (the first validator that matches wins). Invariant, checked by
// tests/unit/cn.test.ts: for every pair of classes written in the code, cn merges exactly as the default
// twMerge does, so a class written from a group not listed here fails that test until its group is added.
const isAny = () => true;
const isNumber = (v: string) => v !== "" && !Number.isNaN(Number(v));
const isFraction = (v: string) => /^\d+(\.\d+)?\/\d+(\.\d+)?$/.test(v);
const isArbitrary = (v: string) => /^\[.+\]$/.test(v);
const isArbitraryLength = (v: string) => /^\[(length:)?-?[\d.]+[a-z%]*\]$/.test(v);
const isTshirtSize = (v: string) => /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(v);

const any = [isAny];
const spacing = [isNumber, isArbitrary, "px", "auto"];
const offsets = [isNumber, isFraction, isArbitrary, "px", "auto", "full"];
const OVERFLOW = ["auto", "hidden", "clip", "visible", "scroll"];
const groupsOf = (values: unknown[], prefixes: string[]) =>
  Object.fromEntries(prefixes.map((prefix) => [prefix, [{ [prefix]: values }]]));

const classGroups = {
  ...groupsOf(spacing, ["p", "px", "py", "pt", "pr", "pb", "pl", "m", "mx", "my", "mt", "mr", "mb", "ml"]),
  ...groupsOf(spacing, ["gap", "gap-x", "gap-y", "space-x", "space-y"]),
  ...groupsOf(offsets, ["inset", "inset-x", "inset-y", "top", "right", "bottom", "left"]),
  ...groupsOf(any, ["aspect", "z", "basis", "grid-cols", "size", "w", "min-w", "max-w", "h", "min-h", "max-h"]),
  ...groupsOf(any, ["tracking", "line-clamp", "leading", "underline-offset", "whitespace", "from", "to"]),
  ...groupsOf(any, ["outline-offset", "opacity", "animate", "rotate", "translate-x", "translate-y", "accent"]),
  ...groupsOf(any, ["appearance", "cursor", "pointer-events", "scroll-mt", "touch", "select", "fill", "stroke"]),
  display: [
    "block",
    "inline-block",
    "inline",
    "flex",
    "inline-flex",
    "table",
    "table-cell",
    "table-row",
    "grid",
    "inline-grid",
    "contents",
    "list-item",
    "hidden",
  ],
  sr: ["sr-only", "not-sr-only"],
  isolation: ["isolate", "isolation-auto"],
  overflow: [{ overflow: OVERFLOW }],
  "overflow-x": [{ "overflow-x": OVERFLOW }],
  "overflow-y": [{ "overflow-y": OVERFLOW }],
  position: ["static", "fixed", "absolute", "relative", "sticky"],
  visibility: ["visible", "invisible", "collapse"],
  "object-fit": [{ object: ["contain", "cover", "fill", "none", "scale-down"] }],
  "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
  "flex-wrap": [{ flex: ["nowrap", "wrap", "wrap-reverse"] }],
  flex: [{ flex: [isNumber, isFraction, isArbitrary, "auto", "initial", "none"] }],
  grow: [{ grow: ["", isNumber] }],
  shrink: [{ shrink: ["", isNumber] }],
  "col-start-end": [{ col: ["auto", { span: any }] }],
  "justify-content": [{ justify: ["start", "end", "center", "between", "around", "evenly", "stretch", "normal"] }],
  "align-items": [{ items: ["start", "end", "center", "baseline", "stretch"] }],
  "align-self": [{ self: ["auto", "start", "end", "center", "stretch", "baseline"] }],
  "font-size": [{ text: ["base", isTshirtSize, isArbitraryLength] }],
  "font-style": ["italic", "not-italic"],
  "font-weight": [
    { font: ["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"] },
  ],
  "font-family": [{ font: any }],
  "fvn-spacing": ["tabular-nums", "proportional-nums"],
  "list-style-type": [{ list: ["disc", "decimal", "none"] }],
  "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
  "text-color": [{ text: any }],
  "text-decoration": ["underline", "overline", "line-through", "no-underline"],
  "text-transform": ["uppercase", "lowercase", "capitalize", "normal-case"],
  "text-overflow": ["truncate", "text-ellipsis", "text-clip"],
  "text-wrap": [{ text: ["wrap", "nowrap", "balance", "pretty"] }],
  "vertical-align": [{ align: ["baseline", "top", "middle", "bottom", "text-top", "text-bottom", "sub", "super"] }],
  break: [{ break: ["normal", "words", "all", "keep"] }],
  "bg-image": [{ bg: ["none", isArbitrary] }],
  "bg-color": [{ bg: any }],
  rounded: [{ rounded: ["", isAny] }],
  "rounded-t": [{ "rounded-t": ["", isAny] }],
  "border-w": [{ border: ["", isNumber, isArbitraryLength] }],
  "border-w-x": [{ "border-x": ["", isNumber] }],
  "border-w-y": [{ "border-y": ["", isNumber] }],
  "border-w-t": [{ "border-t": ["", isNumber] }],
  "border-w-r": [{ "border-r": ["", isNumber] }],
  "border-w-b": [{ "border-b": ["", isNumber] }],
  "border-w-l": [{ "border-l": ["", isNumber] }],
  "divide-y": [{ "divide-y": ["", isNumber] }],
  "border-style": [{ border: ["solid", "dashed", "dotted", "double", "hidden", "none"] }],
  "border-color": [{ border: any }],
  "divide-color": [{ divide: any }],
  "outline-style": [{ outline: ["", "solid", "dashed", "dotted", "double", "none", "hidden"] }],
  "outline-w": [{ outline: ["", isNumber, isArbitraryLength] }],
  "outline-color": [{ outline: any }],
  shadow: [{ shadow: ["", "none", isTshirtSize] }],
  "shadow-color": [{ shadow: any }],
  "ring-w": [{ ring: ["", isNumber, isArbitraryLength] }],
  "ring-w-inset": ["ring-inset"],
  "ring-color": [{ ring: any }],
  filter: [{ filter: ["", "none"] }],
  "backdrop-blur": [{ "backdrop-blur": ["", isAny] }],
  "border-collapse": [{ border: ["collapse", "separate"] }],
  transition: [{ transition: ["", isAny] }],
};

/** cn's tailwind-merge configuration (tests/unit/cn.test.ts reads the class group of each word through it). */
export const cnMergeConfig = () => ({
  cacheSize: 500,
  theme: {},
  classGroups,
  conflictingClassGroups: {
    overflow: ["overflow-x", "overflow-y"],
    inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
    "inset-x": ["right", "left"],
    "inset-y": ["top", "bottom"],
    flex: ["basis", "grow", "shrink"],
    gap: ["gap-x", "gap-y"],
    p: ["px", "py", "pt", "pr", "pb", "pl"],
    px: ["pr", "pl"],
    py: ["pt", "pb"],
    m: ["mx", "my", "mt", "mr", "mb", "ml"],
    mx: ["mr", "ml"],
    my: ["mt", "mb"],
    size: ["w", "h"],
    "font-size": ["leading"],
    "line-clamp": ["display", "overflow"],
    rounded: ["rounded-t"],
    "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
    "border-w-x": ["border-w-r", "border-w-l"],
    "border-w-y": ["border-w-t", "border-w-b"],
  },
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
  orderSensitiveModifiers: ["*", "**", "after", "backdrop", "before", "file", "marker", "placeholder", "selection"],
});

const merge = createTailwindMerge(cnMergeConfig);

/** Joins class names, skipping falsy values; a later Tailwind class overrides a conflicting earlier one. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
