/** The shop's catalogues compiled at build time, each in two parts (catalogueParts.ts) (frontend/vite.config.ts, `compiledCatalogues`). */
declare module 'virtual:shop-catalogue/*' {
  const catalogue: Record<string, import('./compiledMessage').CompiledMessage>
  export default catalogue
}
