// Test support (not shipped): a complete toy document as a device pushes it through
// /api/sync/toys/push, with `fields` overriding any of its values.

export const toyDoc = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  title: 'Blocks',
  categoryId: 'uncategorized',
  caption: '',
  mediaId: null,
  collectionIds: [],
  excluded: false,
  favorite: false,
  createdAt: 1000,
  lastRotatedAt: null,
  location: null,
  retired: false,
  feedback: null,
  _deleted: false,
  ...fields,
});
