/**
 * What was typed into a field of the server's sign-in HTML (/shop/login, /admin/login;
 * signInShells.tsx) before the scripts ran: read by the first render, which replaces that HTML,
 * while it is still on the page.
 */
export function typedBeforeStart(testId: string): string | null {
  if (typeof document === 'undefined') return null
  return document.querySelector<HTMLInputElement>(`#root input[data-testid="${testId}"]`)?.value || null
}
