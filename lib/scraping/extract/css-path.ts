import type { Element } from "domhandler";
import { ancestors, isElement } from "./dom-utils";

// Generated ids and classes ("ember123", "css-1x2y3z", "sc-bdVaJa", "product-8841234") change from one
// page or deploy to the next; only words a developer wrote by hand make a path that survives.
const STABLE_NAME = /^[A-Za-z][A-Za-z_-]{1,40}$/;
const GENERATED = /^(?:css|sc|jsx|svelte|ember|tw|emotion|styled)-|__[a-z0-9]{5,}$|[A-Z].*[A-Z].*[A-Z]/;
const UTILITY =
  /^(?:col|row|d|m[trblxy]?|p[trblxy]?|w|h|flex|grid|text|font|bg|border|rounded|hidden|block|inline|js)(?:-|$)/;

const stable = (name: string): boolean => STABLE_NAME.test(name) && !GENERATED.test(name) && !UTILITY.test(name);

function step(el: Element): { part: string; anchored: boolean } {
  const id = el.attribs.id;
  if (id && stable(id)) return { part: `#${id}`, anchored: true };
  const classes = (el.attribs.class ?? "").split(/\s+/).filter(stable).slice(0, 2);
  const itemprop = el.attribs.itemprop;
  const prop = itemprop && /^[a-z]+$/i.test(itemprop) ? `[itemprop="${itemprop}"]` : "";
  return { part: `${el.name}${classes.map((c) => `.${c}`).join("")}${prop}`, anchored: false };
}

// Position among same-tag siblings, only when a sibling looks exactly alike ("<span class=price>" twice).
function twinIndex(el: Element): number | null {
  const parent = el.parent;
  if (!parent || !("children" in parent)) return null;
  const same = parent.children.filter(
    (c): c is Element => isElement(c) && c.name === el.name && (c.attribs.class ?? "") === (el.attribs.class ?? ""),
  );
  if (same.length < 2) return null;
  const tags = parent.children.filter((c): c is Element => isElement(c) && c.name === el.name);
  return tags.indexOf(el) + 1;
}

/**
 * A CSS selector for an element from stable ids, classes and itemprops, up to an id; never an nth-child
 * chain: at most one :nth-of-type, on the element itself, when an identical sibling would match too.
 */
export function cssPath(el: Element): string {
  const parts: string[] = [];
  let described = 0;
  for (const node of [el, ...ancestors(el, 12)]) {
    if (node.name === "html" || node.name === "body") break;
    const { part, anchored } = step(node);
    const plain = part === node.name;
    // Bare tags in the middle add nothing but fragility; the element itself always counts.
    if (!plain || parts.length === 0) {
      parts.unshift(part);
      if (!plain) described++;
    }
    if (anchored || described >= 3) break;
  }
  const twin = el.attribs.id ? null : twinIndex(el);
  if (twin !== null) parts[parts.length - 1] += `:nth-of-type(${twin})`;
  return parts.join(" ");
}
