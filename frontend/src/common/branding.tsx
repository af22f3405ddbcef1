import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import { api } from './api'
import { BRANDING_DEFAULTS } from '../../../shared_data/branding_defaults'

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

const BrandingContext = createContext<BrandingState>({
  branding: DEFAULT_BRANDING,
  loaded: false,
  refresh: async () => {},
})

/** The id of the JSON the server writes into the shop's page with the branding it drew the sign-in page in. */
const PAGE_BRANDING_ID = 'page-branding'

/** That branding, so the first render draws what the server's HTML showed (null in the back-office). */
function pageBranding(): Branding | null {
  const json =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_BRANDING_ID)?.textContent
  try {
    return json ? { ...DEFAULT_BRANDING, ...stripEmpty(JSON.parse(json)) } : null
  } catch {
    return null
  }
}

/** `initial`: the branding to draw with before /api/branding answers (the server's render passes it). */
export function BrandingProvider({
  children,
  initial,
}: {
  children: ReactNode
  initial?: Branding
}) {
  const [branding, setBranding] = useState(() => initial ?? pageBranding() ?? DEFAULT_BRANDING)
  const [loaded, setLoaded] = useState(false)

  const refresh = useCallback(async () => {
    try {
      const data = await api.get('/api/branding')
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
    brandName = branding.brandName
    writeTitle()
  }, [branding.brandName])

  const value = useMemo(() => ({ branding, loaded, refresh }), [branding, loaded, refresh])
  return <BrandingContext.Provider value={value}>{children}</BrandingContext.Provider>
}

function stripEmpty(values: Partial<Branding> = {}): Partial<Branding> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => typeof v === 'string' && v !== '')
  ) as Partial<Branding>
}

export const useBranding = () => useContext(BrandingContext)

let brandName = DEFAULT_BRANDING.brandName
let pageTitle: string | null = null
let brandShown: (name: string) => string = (name) => name
const writeTitle = () => {
  const brand = brandShown(brandName)
  document.title = pageTitle ? `${pageTitle} — ${brand}` : brand
}

/** How the title names the brand: the shop shows the default name in the member's language. */
export function setBrandShown(shown: (name: string) => string) {
  brandShown = shown
  writeTitle()
}

/** The document title "{page} — {brand name}" (the shop's routes); null: the brand name alone. */
export function setPageTitle(title: string | null) {
  pageTitle = title
  writeTitle()
}
