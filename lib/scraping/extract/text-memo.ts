// A regex's answers by text, for one page: menus and product cards repeat their texts ("Ajouter au panier",
// "En stock", "Sous-catégorie") hundreds of times. Direct-mapped: a slot per hash of a few characters keeps the last
// text seen there (a Map would hash every character of each freshly sliced text). Never shared between pages.
const SLOTS = 1024;

export function slotOf(s: string, slots: number): number {
  const n = s.length;
  if (n < 3) return n === 0 ? 0 : (s.charCodeAt(0) * 31 + n) & (slots - 1);
  const h = ((s.charCodeAt(0) * 31 + s.charCodeAt(n >> 1)) * 31 + s.charCodeAt(n - 3)) * 31;
  return ((h + s.charCodeAt(n - 2)) * 31 + s.charCodeAt(n - 1) + n * 7) & (slots - 1);
}

/** `re.test(text)`, each distinct text tested once while it stays in its slot; `re` must not be global or sticky. */
export function memoTest(re: RegExp): (text: string) => boolean {
  const keys: Array<string | null> = new Array(SLOTS).fill(null);
  const answers = new Uint8Array(SLOTS);
  return (text) => {
    const slot = slotOf(text, SLOTS);
    if (keys[slot] === text) return answers[slot] === 1;
    const yes = re.test(text);
    keys[slot] = text;
    answers[slot] = yes ? 1 : 0;
    return yes;
  };
}
