/**
 * The page numbers the members pager shows: at most `size` of them, the
 * current page in the middle where possible, never below 1 or above `pages`.
 * Plain TypeScript so it can be tested from Node (tests/unit/people).
 */
export function pageWindow(page: number, pages: number, size = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1))
  return Array.from({ length: Math.max(0, Math.min(size, pages)) }, (_, i) => start + i)
}
