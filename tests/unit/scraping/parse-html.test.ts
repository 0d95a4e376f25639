import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AnyNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { selectOne } from "css-select";
import { describe, expect, it } from "vitest";
import { parseHtml } from "@/lib/scraping/extract/parse-html";

// The tree as a flat list of events; also checks parent/prev/next links on the way.
function serialize(root: AnyNode): string[] {
  const out: string[] = [];
  const walk = (n: AnyNode) => {
    if (n.type === "text") {
      const last = out[out.length - 1];
      if (last?.startsWith("T:")) out[out.length - 1] = last + n.data;
      else out.push(`T:${n.data}`);
      return;
    }
    if (n.type === "comment") return void out.push(`C:${n.data}`);
    if (n.type === "directive") return;
    const el = "name" in n ? (n as Element) : null;
    if (el) out.push(`<${el.name} ${JSON.stringify(el.attribs)} ${el.type}>`);
    const kids = "children" in n ? n.children : [];
    kids.forEach((k, i) => {
      if (k.parent !== n) out.push("BAD-PARENT");
      if (k.prev !== (kids[i - 1] ?? null) || k.next !== (kids[i + 1] ?? null)) out.push("BAD-SIBLING");
      walk(k);
    });
    if (el) out.push(`</${el.name}>`);
  };
  walk(root);
  return out;
}

const reference = (html: string) =>
  serialize(parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true }));

const CASES = [
  `<!DOCTYPE html><html lang="fr"><head><title>A &amp; B</title></head><body><p>x</p></body></html>`,
  `<ul><li>un<li>deux<li>trois</ul><p>a<p>b<div>c</div>`,
  `<table><tr><td>1<td>2<tr><td>3</table>`,
  `<select><option>a<option>b<optgroup><option>c</select>`,
  `<dl><dt>t<dd>d<dt>t2</dl>`,
  `<div CLASS="Prix" Data-Price='12.5' class="ignored" hidden>x</div>`,
  `<a href=/p/1?a=1&amp;b=2 title="l&apos;été &eacute">lien</a>`,
  `<p>1 299,99&nbsp;&euro; &notin &copy &#x41;&#66; &unknown;</p>`,
  `<script>if (a < b && c > d) document.write("</div>")</script><style>a>b{}</style>`,
  `<SCRIPT type="application/ld+json">{"a":"</SPAN>"}</SCRIPT ><p>après</p>`,
  `<textarea><b>&amp;</b></textarea><xmp><i></i></xmp>`,
  `<div>a</span>b</div></p><br></br><p>c</P>`,
  `<svg><path d="M0"/><circle r="1"/></svg><span/>texte<img src=x />`,
  `<!-- commentaire --><![CDATA[donnée]]><?xml version="1.0"?>a < b et c<d`,
  `<div><span>49</span><sup>,90 €</sup></div><h1>Titre<p>para</h1>`,
  `<body><head><link rel=x><script>s</script><body class=b>`,
  `<button disabled>Ajouter</button><input value="Acheter"><form><input><button>b</button></form>`,
  `<custom-price data-x="1"><x-amount>5</x-amount></custom-price><Custom-Price>6</custom-price>`,
  `<div a=1 b c='3' d = "4"/e>f</div>`,
  `<p>fin sans fermeture <b>gras`,
];

describe("parseHtml", () => {
  it.each(CASES)("builds the same tree as htmlparser2: %s", (html) => {
    expect(serialize(parseHtml(html))).toEqual(reference(html));
  });

  it("builds the same tree as htmlparser2 on every fixture page", () => {
    const dir = path.resolve(import.meta.dirname, "../../fixtures/pages");
    const files = readdirSync(dir).filter((f) => f.endsWith(".html"));
    expect(files.length).toBeGreaterThanOrEqual(60);
    for (const f of files) {
      const html = readFileSync(path.join(dir, f), "utf8");
      expect(serialize(parseHtml(html)), f).toEqual(reference(html));
    }
  });

  it("drops a tag cut off by the end of the document", () => {
    expect(serialize(parseHtml(`<p>prix</p><span class="pri`))).toEqual(["<p {} tag>", "T:prix", "</p>"]);
  });

  it("marks script and style elements with their own node types", () => {
    const doc = parseHtml(`<script>a</script><style>b</style><div>c</div>`);
    expect(doc.children.map((c) => c.type)).toEqual(["script", "style", "tag"]);
  });

  it("caps pathological nesting and keeps the text and the attributed tags", () => {
    const html = `${"<span>".repeat(50_000)}<b class="price">7,00 €</b>${"</span>".repeat(50_000)}<p>après</p>`;
    const doc = parseHtml(html);
    const b = selectOne("b.price", doc);
    expect(b?.children[0]).toMatchObject({ type: "text", data: "7,00 €" });
    let depth = 0;
    for (let n: AnyNode | null = b; n; n = n.parent) depth++;
    expect(depth).toBeLessThanOrEqual(2003);
    // The dropped start tags' end tags are dropped too: the page after them is back at the top level.
    expect(doc.children.at(-1)).toMatchObject({ type: "tag", name: "p" });
  });

  it("dismisses stray end tags without closing open elements", () => {
    const doc = parseHtml(`<div class="a"><em>x</strong>y</em></div>`);
    expect(serialize(doc)).toEqual(['<div {"class":"a"} tag>', "<em {} tag>", "T:xy", "</em>", "</div>"]);
  });

  it("tells the visitor each element's class and id, and builds an attribute object only when one is read", () => {
    const html = `<p CLASS="a&amp;b" class="dup" id=x&lt;1 data-x='1' hidden>t</p><b title="q">u</b>`;
    const seen: Array<[string, string | undefined, string | undefined]> = [];
    const doc = parseHtml(html, {
      element: (el, _order, _bits, cls, id) => {
        seen.push([el.name, cls, id]);
        return true;
      },
      text: () => undefined,
    });
    expect(seen).toEqual([
      ["p", "a&b", "x<1"],
      ["b", undefined, undefined],
    ]);
    const [p, b] = doc.children as Element[];
    // nothing read them during the parse
    expect((p as unknown as { built: unknown }).built).toBeNull();
    expect((b as unknown as { built: unknown }).built).toBeNull();
    // read afterwards, in any order, they are htmlparser2's
    const reference = parseDocument(html).children as Element[];
    expect(b!.attribs).toEqual(reference[1]!.attribs);
    expect(p!.attribs).toEqual(reference[0]!.attribs);
    expect(p!.attribs).toBe(p!.attribs);
    expect(selectOne("p[data-x='1'][hidden]", doc)).toBe(p);
  });
});
