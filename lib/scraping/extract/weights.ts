// The extractor's scores, on one additive scale shared by every source. A visible price starts at
// `text.base` and gains or loses points from clues; structured sources have a fixed score. Rough
// landmarks: under 25 a number is only a guess, 40 is a plausible price, 60 and above a price the page
// clearly presents as the one to pay (strong enough to contradict structured data), 90 structured data
// of the page's own product, 100 the user's rule. Tune a weight here and run the fixture corpus
// (tests/unit/scraping/fixtures.test.ts) and the confidence figures to see what it does.
export const WEIGHTS = {
  text: {
    base: 10,
    // An element marked as a price (class, itemprop, data-price) rather than a bare text node.
    priceElement: 15,
    // "current", "sale", "final", "our" ... in the element's classes.
    currentToken: 12,
    itempropPrice: 15,
    inMainBlock: 25,
    // Closeness to the product title, in elements of document order.
    nearTitle: [
      { within: 30, points: 20 },
      { within: 100, points: 12 },
      { within: 300, points: 6 },
    ],
    afterTitle: 4,
    betweenTitleAndCart: 8,
    currencyNextToAmount: 8,
    noCurrency: -8,
    // More than this many numbers in the element: a sentence or a table, not a price.
    manyNumbers: { over: 3, points: -6 },
    excludingTax: -15,
    // Longer texts are only read when a platform rule at least this strong marks the element.
    longTextMinPlatform: 40,
  },
  structured: { jsonld: 90, microdata: 80, meta: 70, selector: 100, otherProduct: -30, option: 30 },
  thresholds: {
    // A visible price this strong may override structured data (crossed-out, other product, range).
    strongText: 60,
    // "1.299" in structured data read as 1299 when the page shows 1299 at least this strongly.
    thousandsConfirm: 40,
    // Structured data of a doubtful product loses to a visible price better by this margin.
    doubtfulStructuredMargin: 15,
    // Minimum score of a visible price used alone: page with a title, without one, item unavailable.
    textOnly: 25,
    textOnlyNoTitle: 15,
    textOnlyUnavailable: 55,
  },
  // Confidence (0..1) of the answer, from the same clues. Under `threshold` no price is stored: the
  // URL is marked 'Prix incertain' and the user chooses. Tuned on the fixture corpus and its harder
  // variants (tests/unit/scraping/confidence.test.ts prints the figures).
  confidence: {
    threshold: 0.5,
    structuredOwnProduct: 0.95,
    structuredOtherProduct: 0.6,
    structuredMeta: 0.85,
    shownBonus: 0.04,
    contradictedPenalty: -0.25,
    text: {
      // A visible price alone: base + score (up to scoreCap) + lead over the best other price (up to marginCap).
      // Two equally strong prices (a sale and its unmarked old price) stay under the threshold.
      base: 0.1,
      perScorePoint: 0.005,
      scoreCap: 75,
      perMarginPoint: 0.0125,
      marginCap: 40,
      structuredAgreement: 0.1,
      closeRival: 15,
      // A strong rival this close puts the answer this far under the threshold.
      rivalGap: 0.05,
      max: 0.97,
    },
  },
} as const;
