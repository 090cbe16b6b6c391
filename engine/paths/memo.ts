// A bounded memo of answers that depend on a key and a small context (a home, a workspace list),
// kept across decisions for the last context seen: a session asks from the same folders again and
// again. The context is compared by identity; a new one, or a full map, starts an empty map.
export class ContextMemo<V> {
  private map = new Map<string, V>();
  private a: unknown = undefined;
  private b: unknown = undefined;
  constructor(private readonly max: number) {}

  /** The map of answers in context (a, b). */
  in(a: unknown, b?: unknown): Map<string, V> {
    if (a !== this.a || b !== this.b || this.map.size >= this.max) {
      this.map = new Map();
      this.a = a;
      this.b = b;
    }
    return this.map;
  }
}
