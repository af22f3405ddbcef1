/**
 * What was typed into a field of the server's sign-in HTML (/shop/login, /admin/login;
 * signInShells.tsx) before the scripts ran: read by the first render, which replaces that HTML,
 * while it is still on the page.
 */
export function typedBeforeStart(testId: string): string | null {
  if (typeof document === 'undefined') return null
  return (
    document.querySelector<HTMLInputElement>(`#root input[data-testid="${testId}"]`)?.value || null
  )
}

/** The server form's submit pressed before the app took over (kept for the app by adminMain.tsx). */
export function submittedBeforeStart(): boolean {
  if (typeof document === 'undefined') return false
  return document.querySelector('#root form[data-submitted]') !== null
}

type Caret = {
  testId: string
  value: string
  start: number | null
  end: number | null
  direction: 'forward' | 'backward' | 'none' | null
}

/**
 * The field of the server's HTML that has the focus, with its caret: the first render replaces that
 * HTML, and without this the focus would go to the page's autofocus field, so the rest of a password
 * being typed would land, readable, in the username.
 */
export function focusBeforeStart(): Caret | null {
  const active = document.activeElement
  if (!(active instanceof HTMLElement) || !active.closest('#root')) return null
  const testId = active.getAttribute('data-testid')
  if (!testId) return null
  if (!(active instanceof HTMLInputElement))
    return { testId, value: '', start: null, end: null, direction: null }
  return {
    testId,
    value: active.value,
    start: active.selectionStart,
    end: active.selectionEnd,
    direction: active.selectionDirection,
  }
}

/** Gives the focus and caret back to the same field of the page that replaced the server's HTML. */
export function restoreFocus(caret: Caret | null) {
  if (!caret) return
  const field = document.querySelector<HTMLElement>(`#root [data-testid="${caret.testId}"]`)
  if (!field) return
  field.focus()
  if (!(field instanceof HTMLInputElement) || caret.start === null) return
  try {
    // The value as typed: the caret where it was; reformatted by the app (a date): after its end.
    if (field.value === caret.value)
      field.setSelectionRange(caret.start, caret.end, caret.direction ?? undefined)
    else field.setSelectionRange(field.value.length, field.value.length)
  } catch {
    // Inputs without a caret (e.g. type=email) refuse setSelectionRange.
  }
}
