/*
| Module hooks that run the project's TypeScript with @swc/core alone: what
| ts-node does in swc mode, without loading the TypeScript compiler (about 4 s
| of CPU in every process or thread that starts from source). Used for the
| threads and child processes started from source (tests, `npm run dev`);
| production runs the compiled build/ and never loads this.
| Options mirror ts-node's for tsconfig.json: legacy decorators with
| metadata, class fields defined (ESNext), ES modules.
*/
import { readFileSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { transformSync } from '@swc/core'

const root = new URL('../', import.meta.url)
const importsMap = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).imports ?? {}

const SWC_OPTIONS = {
  swcrc: false,
  module: { type: 'es6' },
  jsc: {
    parser: { syntax: 'typescript', tsx: false, decorators: true, dynamicImport: true },
    target: 'es2022',
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    keepClassNames: true,
    experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
  },
}

/** tsconfig.json's `"jsx": "react-jsx"`: the automatic runtime. */
const TSX_OPTIONS = {
  ...SWC_OPTIONS,
  jsc: {
    ...SWC_OPTIONS.jsc,
    parser: { ...SWC_OPTIONS.jsc.parser, tsx: true },
    transform: {
      ...SWC_OPTIONS.jsc.transform,
      react: { runtime: 'automatic', throwIfNamespace: false, useBuiltins: false },
    },
  },
}

/** `#modules/a/b` → the file the package.json "imports" map names, as a URL. */
function fromImportsMap(specifier) {
  for (const [pattern, target] of Object.entries(importsMap)) {
    const prefix = pattern.replace(/\*$/, '')
    if (pattern.endsWith('*') && specifier.startsWith(prefix))
      return new URL(target.replace('*', specifier.slice(prefix.length)), root)
    if (pattern === specifier) return new URL(target, root)
  }
  return null
}

/** A `.js` URL whose file is TypeScript source: the `.ts` URL. */
function typeScriptFile(url) {
  if (url.protocol !== 'file:' || !url.pathname.endsWith('.js') || existsSync(fileURLToPath(url)))
    return null
  for (const extension of ['.ts', '.tsx']) {
    const source = new URL(url.href.replace(/\.js$/, extension))
    if (existsSync(fileURLToPath(source))) return source
  }
  return null
}

export async function resolve(specifier, context, nextResolve) {
  const candidate = specifier.startsWith('#')
    ? fromImportsMap(specifier)
    : specifier.startsWith('file:') || (/^\.{1,2}\//.test(specifier) && context.parentURL)
      ? new URL(specifier, context.parentURL)
      : null
  const ts = candidate && typeScriptFile(candidate)
  if (ts) return { url: ts.href, format: 'module', shortCircuit: true }
  return nextResolve(specifier, context)
}

export async function load(url, context, nextLoad) {
  const tsx = url.endsWith('.tsx')
  if (!url.startsWith('file:') || !(tsx || url.endsWith('.ts'))) return nextLoad(url, context)
  const path = fileURLToPath(url)
  const options = tsx ? TSX_OPTIONS : SWC_OPTIONS
  const { code } = transformSync(readFileSync(path, 'utf8'), { ...options, filename: path })
  return { format: 'module', source: code, shortCircuit: true }
}
