import { alpha, createTheme, type Theme, type ThemeOptions } from '@mui/material/styles'
import { DEFAULT_BRANDING, type Branding } from './branding'

const isColor = (value: string) =>
  /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) || /^(rgb|hsl)a?\(/i.test(value)
const pick = (value: string, fallback: string) => (isColor(value) ? value : fallback)

const REDUCED_MOTION = '@media (prefers-reduced-motion: reduce)'
const STILL = {
  animationDuration: '0.01ms !important',
  animationIterationCount: '1 !important',
  // 0s, not a tiny duration: a duration turns every property of every element into a transition
  // (transition-property defaults to all), so a focus ring would start at 0px for a frame.
  transitionDuration: '0s !important',
  scrollBehavior: 'auto !important',
}

/** The MUI theme of both apps: brand colours become the palette. */
export function buildTheme(branding: Branding): Theme {
  return createTheme(themeOptions(branding))
}

/** Theme options (react-admin takes options, not a built theme). */
export function themeOptions(branding: Branding): ThemeOptions {
  const primary = pick(branding.primaryColor, DEFAULT_BRANDING.primaryColor)
  return {
    palette: {
      primary: { main: primary },
      secondary: { main: pick(branding.secondaryColor, DEFAULT_BRANDING.secondaryColor) },
      success: { main: pick(branding.successColor, DEFAULT_BRANDING.successColor) },
      error: { main: pick(branding.errorColor, DEFAULT_BRANDING.errorColor) },
      warning: { main: pick(branding.warningColor, DEFAULT_BRANDING.warningColor) },
      info: { main: pick(branding.accentColor, DEFAULT_BRANDING.accentColor) },
      background: { default: '#f5f6fa', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // Reduced motion (WCAG 2.3.3): a visitor who asks their system for less motion gets no
      // transitions, fades, slides or spinning indicators; the browser tests browse this way too.
      MuiCssBaseline: { styleOverrides: { [REDUCED_MOTION]: { '*, *::before, *::after': STILL } } },
      // A visible keyboard focus (WCAG 2.4.7): a solid ring in the control's own colour; contained
      // buttons (white text) take the primary colour, which stands out against the page.
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { outline: '3px solid currentColor', outlineOffset: 2 } },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { contained: { '&.Mui-focusVisible': { outlineColor: primary } } },
      },
      MuiInputBase: {
        styleOverrides: {
          input: { '&:focus-visible': { outline: `2px solid ${primary}`, outlineOffset: 0 } },
        },
      },
      MuiLink: {
        styleOverrides: {
          root: {
            '&:focus-visible': {
              outline: '3px solid currentColor',
              outlineOffset: 2,
              borderRadius: 2,
            },
          },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: `1px solid ${alpha('#0f172a', 0.08)}` } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    },
  }
}
