// Toys as another device pushes them, for the bench parts that seed a household through the
// real sync API (the browser parts, Lighthouse, the server and scale-out runs).

/** A toy document as the client stores it; `i` makes its id (`bench-<i>`) and its order. */
export const toyRow = (i: number, title = `Toy ${i}`, caption = `Caption ${i}`) => ({
  id: `bench-${i}`,
  title,
  categoryId: 'uncategorized',
  caption,
  mediaId: null,
  collectionIds: [],
  excluded: false,
  favorite: false,
  createdAt: 1_700_000_000_000 + i * 60_000,
  lastRotatedAt: null,
  location: null,
  retired: false,
  feedback: null,
  _deleted: false,
});

/** Pushes push rows as another device would, in pages of 250 (under the server's limit). */
export async function push(url: string, token: string, rows: unknown[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 250) {
    const res = await fetch(`${url}/api/sync/toys/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(rows.slice(i, i + 250)),
    });
    if (!res.ok) throw new Error(`push: ${res.status} ${await res.text()}`);
  }
}

/** `count` new toys (ids bench-0 ...), each with a caption as a parent would write it. */
export async function seedToys(url: string, token: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({ newDocumentState: toyRow(i, `Toy number ${i}`, `A caption for toy ${i}, as a parent would write it.`) }));
  await push(url, token, rows);
}
