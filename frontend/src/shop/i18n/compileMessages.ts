import type { CompiledMessage, MessagePart } from './compiledMessage.js'

/**
 * The ICU message syntax the shop's catalogues use, compiled at build time (frontend/vite.config.ts,
 * `compiledCatalogues`): literals with ICU's apostrophe quoting, `{name}`, `{n, plural, …}` (with
 * `=n` branches and `#`), `{x, select, …}` and `<tag>…</tag>`. Anything else (number or date
 * arguments, `offset:`, `selectordinal`) fails the build, since the browser's formatter
 * (formatMessage.ts) does not know it.
 */
export function compileMessage(source: string, key = '?'): CompiledMessage {
  let at = 0
  const fail = (why: string): never => {
    throw new Error(`catalogue message "${key}": ${why} at ${at}: ${source}`)
  }
  const skipSpace = () => {
    while (/\s/.test(source[at] ?? '')) at++
  }
  const word = () => {
    const match = /^[^\s{}<>,=#'/]+/.exec(source.slice(at))
    if (!match) fail('a name expected')
    at += match![0].length
    return match![0]
  }

  /** Parts until `}` (inside a branch), `</` (inside a tag) or the end. */
  function parts(inPlural: boolean, closingTag?: string): MessagePart[] {
    const out: MessagePart[] = []
    let text = ''
    const flush = () => {
      if (text) out.push(text)
      text = ''
    }
    while (at < source.length) {
      const char = source[at]
      if (char === "'") {
        const next = source[at + 1]
        if (next === "'") {
          text += "'"
          at += 2
        } else if (next !== undefined && ('{}<>'.includes(next) || (inPlural && next === '#'))) {
          at++
          while (at < source.length) {
            if (source[at] === "'" && source[at + 1] === "'") {
              text += "'"
              at += 2
            } else if (source[at] === "'") {
              at++
              break
            } else text += source[at++]
          }
        } else {
          text += "'"
          at++
        }
      } else if (char === '{') {
        flush()
        out.push(argument())
      } else if (char === '}') {
        if (closingTag) fail(`</${closingTag}> expected`)
        break
      } else if (char === '#' && inPlural) {
        flush()
        out.push(0)
        at++
      } else if (char === '<' && source[at + 1] === '/') {
        if (!closingTag) fail('a closing tag without its opening')
        at += 2
        if (word() !== closingTag || source[at] !== '>') fail(`</${closingTag}> expected`)
        at++
        flush()
        return out
      } else if (char === '<' && /[a-zA-Z]/.test(source[at + 1] ?? '')) {
        flush()
        at++
        const tag = word()
        if (source[at] !== '>') fail('> expected')
        at++
        out.push({ t: tag, c: simplify(parts(inPlural, tag)) })
      } else text += source[at++]
    }
    if (closingTag) fail(`</${closingTag}> expected`)
    flush()
    return out
  }

  function argument(): MessagePart {
    at++ // {
    skipSpace()
    const name = word()
    skipSpace()
    if (source[at] === '}') {
      at++
      return { a: name }
    }
    if (source[at] !== ',') fail(', or } expected')
    at++
    skipSpace()
    const type = word()
    if (type !== 'plural' && type !== 'select')
      fail(`"${type}" arguments are not supported by the shop's formatter`)
    skipSpace()
    if (source[at] !== ',') fail(', expected')
    at++
    const branches: Record<string, CompiledMessage> = {}
    for (;;) {
      skipSpace()
      if (source[at] === '}') break
      const selector = source[at] === '=' ? (at++, `=${word()}`) : word()
      if (selector.endsWith(':')) fail('offset is not supported')
      skipSpace()
      if (source[at] !== '{') fail('{ expected')
      at++
      branches[selector] = simplify(parts(type === 'plural'))
      if (source[at] !== '}') fail('} expected')
      at++
    }
    at++
    if (!('other' in branches)) fail('an "other" branch is required')
    return type === 'plural' ? { p: name, o: branches } : { s: name, o: branches }
  }

  const message = simplify(parts(false))
  if (at < source.length) fail('unexpected }')
  return message
}

const simplify = (parts: MessagePart[]): CompiledMessage =>
  parts.length === 0 ? '' : parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts

/** A whole catalogue (key → ICU message) compiled. */
export function compileCatalogue(catalogue: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, message]) => [key, compileMessage(message, key)])
  )
}
