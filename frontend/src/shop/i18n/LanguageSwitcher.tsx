import { Box } from '@mui/material'
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../../../../shared_data/languages'
import { useLanguage } from './LanguageProvider'
import { useShopText } from './useShopText'

/**
 * The language choice in every shop page's header: a native select (keyboard and screen readers
 * as the platform does them; 5 em wide, it fits a 360 px phone), each language named in itself
 * and marked with its own `lang`.
 */
export function LanguageSwitcher() {
  const { language, setLanguage } = useLanguage()
  const { t } = useShopText()
  return (
    <Box
      component="select"
      value={language}
      aria-label={t('layout.language')}
      data-testid="language-select"
      onChange={(event) => {
        const chosen = (event.target as HTMLSelectElement).value
        if (isLanguage(chosen)) setLanguage(chosen)
      }}
      sx={{
        'font': 'inherit',
        'fontSize': 16,
        'minHeight': 40,
        'px': 1,
        'borderRadius': 1,
        'border': '1px solid rgba(255,255,255,0.6)',
        'bgcolor': 'primary.main',
        'color': 'primary.contrastText',
        'cursor': 'pointer',
        '& option': { color: '#000', bgcolor: '#fff' },
        '&:focus-visible': { outline: '3px solid currentColor', outlineOffset: 2 },
      }}
    >
      {LANGUAGES.map((option) => (
        <option key={option} value={option} lang={option}>
          {LANGUAGE_NAMES[option]}
        </option>
      ))}
    </Box>
  )
}
