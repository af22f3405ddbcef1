import app from '@adonisjs/core/services/app'
import { defineConfig, formatters, loaders } from '@adonisjs/i18n'
import { DEFAULT_LANGUAGE, LANGUAGES } from '../shared_data/languages.js'

/**
 * The server's message catalogues (docs/shop.md "Languages — server side"): ICU messages in
 * resources/lang/<language>/*.json, one folder per language of shared_data/languages.ts.
 * English is the fallback of every missing message.
 */
const i18nConfig = defineConfig({
  defaultLocale: DEFAULT_LANGUAGE,
  supportedLocales: [...LANGUAGES],
  fallbackLocales: { de: 'en', fr: 'en' },
  formatter: formatters.icu(),
  loaders: [loaders.fs({ location: app.languageFilesPath() })],
})

export default i18nConfig
