import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { api } from './api'
import { BRANDING_DEFAULTS } from '../../../modules/settings/branding_defaults'

export interface Branding {
  brandName: string
  logoUrl: string
  primaryColor: string
  secondaryColor: string
  accentColor: string
  successColor: string
  errorColor: string
  warningColor: string
  tagline: string
  supportEmail: string
  websiteUrl: string
}

/** Used until the server answers, and whenever branding fails to load (silently). */
export const DEFAULT_BRANDING: Branding = BRANDING_DEFAULTS

interface BrandingState {
  branding: Branding
  loaded: boolean
  refresh: () => Promise<void>
}

const BrandingContext = createContext<BrandingState>({ branding: DEFAULT_BRANDING, loaded: false, refresh: async () => {} })

export function BrandingProvider({ children }: { children: ReactNode }) {
  const [branding, setBranding] = useState(DEFAULT_BRANDING)
  const [loaded, setLoaded] = useState(false)

  const refresh = useCallback(async () => {
    try {
      const data = await api.get<{ branding: Partial<Branding> }>('/branding')
      setBranding({ ...DEFAULT_BRANDING, ...stripEmpty(data.branding) })
    } catch {
      setBranding(DEFAULT_BRANDING)
    } finally {
      setLoaded(true)
    }
  }, [])

  useEffect(() => {
    void refresh()
  }, [refresh])

  useEffect(() => {
    document.title = branding.brandName
  }, [branding.brandName])

  const value = useMemo(() => ({ branding, loaded, refresh }), [branding, loaded, refresh])
  return <BrandingContext.Provider value={value}>{children}</BrandingContext.Provider>
}

function stripEmpty(values: Partial<Branding> = {}): Partial<Branding> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v !== '')) as Partial<Branding>
}

export const useBranding = () => useContext(BrandingContext)
