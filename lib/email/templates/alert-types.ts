/** One alert, already formatted in French for the e-mail (prices "1 299,99 €", dates "21/11/2026 08:00"). */
export type TAlertEmailItem = {
  headline: string;
  ruleDescription: string;
  productName: string;
  merchantName: string;
  merchantUrl: string;
  oldPrice: string;
  newPrice: string;
  /** "-10,00 € (-7,69 %)", or null when there is nothing to compare */
  variation: string | null;
  direction: "down" | "up" | null;
  availability: string;
  observedAt: string;
  productLink: string;
  /** the evidence of a promotion check ("Prix barré 129,00 € …"), null for the other alerts */
  finding?: string | null;
  /** every rule the reading matched, when more than this item's own ("Baisse de prix détectée : …") */
  otherRules?: string[];
};
