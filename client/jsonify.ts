/** A server value as the browser receives it through JSON: dates become ISO strings, the rest keeps its shape. */
export type Jsonify<T> = T extends Date
  ? string
  : // a mapped type keeps arrays and tuples as they are
    T extends object
    ? { [K in keyof T]: Jsonify<T[K]> }
    : T;
