/** Lazily maps an async iterable (nothing is read before the consumer asks). */
export async function* mapAsync<T, U>(source: AsyncIterable<T>, fn: (item: T) => U): AsyncGenerator<U> {
  for await (const item of source) yield fn(item);
}
