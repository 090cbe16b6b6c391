/** Read a JSON island the page rendered at build time. */
export function island<T>(id: string): T {
  return JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T;
}
