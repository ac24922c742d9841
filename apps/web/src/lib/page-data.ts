// API answers the server wrote into the page for its first render (<script type="application/json"
// id="page-data">, apps/server web.routes.ts), keyed by API path. The block is read and removed at
// the first look; each answer is used once, by the first query for its path: later visits of the
// page ask the API as usual.
const answers = new Map<string, unknown>();

function readBlock(): void {
  if (typeof document === 'undefined') return;
  const block = document.getElementById('page-data');
  if (!block) return;
  block.remove();
  try {
    const parsed: unknown = JSON.parse(block.textContent ?? '');
    if (parsed && typeof parsed === 'object')
      for (const [path, value] of Object.entries(parsed)) answers.set(path, value);
  } catch {
    // a damaged block only means the page fetches its data
  }
}

/** The answer written into the page for this API path, once; undefined when there is none. */
export function takePageData<T>(path: string): T | undefined {
  readBlock();
  const value = answers.get(path) as T | undefined;
  answers.delete(path);
  return value;
}
