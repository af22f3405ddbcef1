import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { api } from './api'

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
export const DEFAULT_BRANDING: Branding = {
  brandName: 'Member Portal',
  logoUrl: '',
  primaryColor: '#4f46e5',
  secondaryColor: '#16a34a',
  accentColor: '#f59e0b',
  successColor: '#16a34a',
  errorColor: '#dc2626',
  warningColor: '#f59e0b',
  tagline: 'Your trusted insurance partner',
  supportEmail: 'support@example.com',
  websiteUrl: 'https://www.example.com',
}

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
