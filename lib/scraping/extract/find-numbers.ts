// Splits normalized text into number tokens, keeping the raw digit groups and separators so the
// decimal/thousands decision can be made later with the currency in hand.

export type TNumberToken = {
  start: number;
  end: number;
  groups: string[];
  // seps[i] sits between groups[i] and groups[i + 1].
  seps: string[];
  // Index in seps of a separator known to be decimal from its shape ("119. 95", "35€99", ".75", "12,-").
  forcedDecimal: number | null;
  // "12,-": the integer part is explicitly whole, the separator before "-" was decimal.
  dashDecimal: string | null;
  leadingDecimal: boolean;
};

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= "0" && ch <= "9";

function readDigits(s: string, i: number): number {
  let j = i;
  while (isDigit(s[j])) j++;
  return j;
}

export function findNumbers(s: string): TNumberToken[] {
  const out: TNumberToken[] = [];
  let i = 0;
  while (i < s.length) {
    const ch = s[i];
    let leadingDecimal = false;
    if (!isDigit(ch)) {
      // ".99", "$..75": a fraction with no integer part.
      if (
        (ch === "." || ch === ",") &&
        !isDigit(s[i - 1]) &&
        (isDigit(s[i + 1]) || ((s[i + 1] === "." || s[i + 1] === ",") && isDigit(s[i + 2])))
      ) {
        let k = i;
        while (s[k] === "." || s[k] === ",") k++;
        const dEnd = readDigits(s, k);
        const after = s[dEnd];
        if ((after === "." || after === ",") && isDigit(s[dEnd + 1])) {
          i = k;
          continue;
        }
        leadingDecimal = true;
        const tok = scanFrom(s, k, true);
        tok.start = i;
        out.push(tok);
        i = tok.end;
        continue;
      }
      i++;
      continue;
    }
    const tok = scanFrom(s, i, leadingDecimal);
    out.push(tok);
    i = tok.end;
  }
  return out;
}

function scanFrom(s: string, start: number, leadingDecimal: boolean): TNumberToken {
  const groups: string[] = [];
  const seps: string[] = [];
  let j = readDigits(s, start);
  groups.push(s.slice(start, j));
  let forcedDecimal: number | null = leadingDecimal ? -1 : null;
  let dashDecimal: string | null = null;
  while (j < s.length && forcedDecimal === null && !leadingDecimal) {
    const c = s[j];
    const n1 = s[j + 1];
    if ((c === "." || c === ",") && isDigit(n1)) {
      const e = readDigits(s, j + 1);
      seps.push(c);
      groups.push(s.slice(j + 1, e));
      j = e;
      continue;
    }
    if (c === "'" && isDigit(n1)) {
      const e = readDigits(s, j + 1);
      if (e - (j + 1) !== 3) break;
      seps.push("'");
      groups.push(s.slice(j + 1, e));
      j = e;
      continue;
    }
    if (c === " " && isDigit(n1)) {
      const e = readDigits(s, j + 1);
      const firstOk = (groups[0]?.length ?? 0) <= 3;
      const allSpaces = seps.every((x) => x === " " || x === "'");
      if (e - (j + 1) === 3 && firstOk && allSpaces && groups.slice(1).every((g) => g.length === 3)) {
        seps.push(" ");
        groups.push(s.slice(j + 1, e));
        j = e;
        continue;
      }
      break;
    }
    if (
      (c === "." || c === ",") &&
      n1 === " " &&
      isDigit(s[j + 2]) &&
      isDigit(s[j + 3]) &&
      !isDigit(s[j + 4]) &&
      !seps.includes(c) &&
      groups.slice(1).every((g) => g.length === 3)
    ) {
      // "119. 95", "1.837, 32": a decimal mark followed by a stray space.
      const next = s[j + 4];
      if (next === undefined || !(next === "." || next === ",") || !isDigit(s[j + 5])) {
        seps.push(c);
        groups.push(s.slice(j + 2, j + 4));
        forcedDecimal = seps.length - 1;
        j += 4;
        break;
      }
    }
    if (c === " " && n1 === "€" && groups.slice(1).every((g) => g.length === 3)) {
      // "49 €90", "49 € 90" (a split price read as text): a spaced euro sign before exactly two cents.
      const k = isDigit(s[j + 2]) ? j + 2 : s[j + 2] === " " && isDigit(s[j + 3]) ? j + 3 : -1;
      const e = k < 0 ? -1 : readDigits(s, k);
      const after = s[e] ?? "";
      const next = s[e + 1] ?? "";
      if (k > 0 && e - k === 2 && !/^[.,'€%\p{L}]/u.test(after) && !(after === " " && /[€\d]/.test(next))) {
        seps.push("€");
        groups.push(s.slice(k, e));
        forcedDecimal = seps.length - 1;
        j = e;
      }
      break;
    }
    if (c === "€" && groups.slice(1).every((g) => g.length === 3)) {
      // "35€99", "49€ 90", "1250€600": the euro sign used as the decimal mark.
      if (isDigit(n1)) {
        const e = readDigits(s, j + 1);
        seps.push("€");
        groups.push(s.slice(j + 1, e));
        forcedDecimal = seps.length - 1;
        j = e;
        break;
      }
      if (n1 === " " && isDigit(s[j + 2])) {
        const e = readDigits(s, j + 2);
        const len = e - (j + 2);
        const after = s[e];
        if (
          len <= 2 &&
          !((after === "." || after === ",") && isDigit(s[e + 1])) &&
          after !== "€" &&
          !(after === " " && s[e + 1] === "€")
        ) {
          seps.push("€");
          groups.push(s.slice(j + 2, e));
          forcedDecimal = seps.length - 1;
          j = e;
          break;
        }
      }
      break;
    }
    if ((c === "," || c === ".") && (n1 === "-" || n1 === "–" || n1 === "—")) {
      dashDecimal = c;
      j += 2;
      break;
    }
    if ((c === "," || c === ".") && n1 === " " && (s[j + 2] === "-" || s[j + 2] === "–")) {
      dashDecimal = c;
      j += 3;
      break;
    }
    break;
  }
  return { start, end: j, groups, seps, forcedDecimal, dashDecimal, leadingDecimal };
}
