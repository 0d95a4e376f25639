import { describe, expect, it } from "vitest";
import { extractProduct } from "@/lib/scraping/extract";

const page = (lang: string, main: string, head = "") =>
  `<html${lang ? ` lang="${lang}"` : ""}><head><title>Producto</title>${head}</head><body><main><div class="product">` +
  `<h1>Zapatillas Runner</h1>${main}<button class="add-to-cart">Agregar al carrito</button></div></main></body></html>`;
const read = (lang: string, main: string, url: string, head = "") => {
  const r = extractProduct(page(lang, main, head), url);
  return [r.price, r.currency];
};

describe("currency truth", () => {
  it("reads '$' with dot thousands as the local peso in Chile, Argentina, Colombia and Mexico", () => {
    expect(read("es-CL", `<span class="price">$24.990</span>`, "https://www.tienda.cl/p/1")).toEqual(["24990", "CLP"]);
    expect(read("es-AR", `<span class="price">$ 1.299</span>`, "https://www.tienda.com.ar/p/1")).toEqual([
      "1299",
      "ARS",
    ]);
    expect(read("es-CO", `<span class="price">$ 1.299.900</span>`, "https://www.tienda.com.co/p/1")).toEqual([
      "1299900",
      "COP",
    ]);
    expect(read("es-MX", `<span class="price">$1,299.00</span>`, "https://www.tienda.com.mx/p/1")).toEqual([
      "1299",
      "MXN",
    ]);
  });

  it("takes the peso from the shop's domain when the page only says 'es' or nothing", () => {
    expect(read("es", `<span class="price">$24.990</span>`, "https://www.tienda.cl/p/1")).toEqual(["24990", "CLP"]);
    expect(read("", `<span class="price">$1.299</span>`, "https://www.tienda.cl/p/1")).toEqual(["1299", "CLP"]);
    expect(read("", `<span class="price">$ 89.900</span>`, "https://www.tienda.com.co/p/1")).toEqual(["89900", "COP"]);
  });

  it("keeps '$' as the US dollar on a US or generic shop", () => {
    expect(read("en-US", `<span class="price">$49.99</span>`, "https://shop.example.com/p/1")).toEqual([
      "49.99",
      "USD",
    ]);
  });

  it("keeps the structured currency when the text has only a symbol", () => {
    const ld =
      `<script type="application/ld+json">{"@type":"Product","name":"Zapatillas Runner",` +
      `"offers":{"price":"49.99","priceCurrency":"CAD"}}</script>`;
    expect(read("en", `<span class="price">$49.99</span>`, "https://shop.example.com/p/1", ld)).toEqual([
      "49.99",
      "CAD",
    ]);
    const og = `<meta property="og:price:currency" content="JPY">`;
    expect(read("", `<span class="price">¥2,980</span>`, "https://shop.example.com/p/1", og)).toEqual(["2980", "JPY"]);
  });

  it("picks the product's price, not a coupon, points or shipping, on Korean, Japanese and Taiwanese pages", () => {
    const ko =
      `<div class="coupon">최대 할인 쿠폰 5,000원</div><dl><dt>판매가</dt><dd><strong>129,000</strong>원</dd></dl><dl>` +
      `<dt>적립금</dt><dd>1,290원</dd></dl>`;
    expect(read("ko", ko, "https://www.shop.co.kr/p/1")).toEqual(["129000", "KRW"]);
    const ja = `<p>送料550円</p><div>価格<span class="num">12,800</span>円(税込)</div><p>1,280ポイント</p>`;
    expect(read("ja", ja, "https://www.shop.co.jp/p/1")).toEqual(["12800", "JPY"]);
    const tw = `<div>滿 NT$1,000 免運</div><span class="price">NT$1,290</span>`;
    expect(read("zh-TW", tw, "https://www.shop.com.tw/p/1")).toEqual(["1290", "TWD"]);
  });
});
