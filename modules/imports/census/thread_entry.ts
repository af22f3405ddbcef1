/**
 * A thread's entry file next to `base` (an import.meta.url): the .ts source
 * under the TypeScript loader (tests, ace), the .js file when compiled.
 */
export function threadEntry(name: string, base: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base)
}
