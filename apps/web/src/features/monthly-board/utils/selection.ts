/** The bulk change's selection: pure steps on the one Set of company ids. */

/** The selection with one company added, or removed when it was in. */
export function toggleOne(current: ReadonlySet<number>, businessId: number): ReadonlySet<number> {
  const next = new Set(current);
  if (!next.delete(businessId)) next.add(businessId);
  return next;
}

/**
 * 'Seleccionar todas las visibles': every shown company added (those selected before and now
 * hidden by a filter stay), or, when every shown one already is, the shown ones removed.
 */
export function toggleShown(current: ReadonlySet<number>, shownIds: readonly number[]): ReadonlySet<number> {
  const next = new Set(current);
  if (shownIds.every((id) => current.has(id))) for (const id of shownIds) next.delete(id);
  else for (const id of shownIds) next.add(id);
  return next;
}
