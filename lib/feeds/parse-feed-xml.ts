import { Parser } from "htmlparser2";
import type { TFeedTable } from "@/db/schema";
import { FEED_MSG, feedError } from "./messages";

const MAX_FIELDS = 300;
const MAX_DEPTH = 32;

/**
 * The items of a Google Merchant Center feed, RSS 2.0 (`<item>`) or Atom (`<entry>`), as a table: one column per
 * element name met in an item ('g:id', 'title', …), each item's first value of it; an Atom `<link href>` gives
 * its address. The parser reads no DTD: entities beyond XML's five and numeric ones are left as text, so an
 * entity expansion or an external entity (XXE) reads nothing.
 */
export function parseFeedXml(text: string, maxRows: number): TFeedTable {
  const header: string[] = [];
  const column = new Map<string, number>();
  const rows: TFeedTable["rows"] = [];
  let item: Map<string, string> | null = null;
  let itemName = "";
  const stack: { name: string; text: string }[] = [];
  let depth = 0;
  let failure: Error | null = null;
  let sawRoot = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (failure) return;
        sawRoot = true;
        if (++depth > MAX_DEPTH) failure = feedError(FEED_MSG.xmlTooDeep);
        if (!item && (name === "item" || name === "entry")) {
          item = new Map();
          itemName = name;
          return;
        }
        if (item) stack.push({ name, text: name === "link" && attribs.href ? attribs.href : "" });
      },
      ontext(text) {
        const top = stack[stack.length - 1];
        if (item && top) top.text += text;
      },
      onclosetag(name) {
        depth--;
        if (failure || !item) return;
        if (stack.length === 0 && name === itemName) {
          const cells = header.map(() => "");
          for (const [k, v] of item) cells[column.get(k)!] = v;
          rows.push({ line: rows.length + 1, cells });
          if (rows.length > maxRows) failure = feedError(FEED_MSG.tooManyRows(maxRows));
          item = null;
          return;
        }
        const el = stack.pop();
        if (!el) return;
        const value = el.text.replace(/\s+/g, " ").trim();
        if (value && !item.has(el.name)) {
          if (!column.has(el.name)) {
            if (header.length >= MAX_FIELDS) return;
            column.set(el.name, header.length);
            header.push(el.name);
          }
          item.set(el.name, value);
        }
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  const chunk = 64 * 1024;
  for (let i = 0; i < text.length && !failure; i += chunk) parser.write(text.slice(i, i + chunk));
  if (!failure) parser.end();
  if (failure) throw failure;
  if (!sawRoot) throw feedError(FEED_MSG.unreadable);
  if (header.length === 0) throw feedError(FEED_MSG.noItems);
  return { header, rows };
}
