/** Placeholder: built by a helper. */
export function ClientDocumentsView() {
  return null;
}
