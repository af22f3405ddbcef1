import { defineConfig } from '@adonisjs/shield'
import { stripeSources } from '#start/content_security'

const SELF = `'self'`

const shieldConfig = defineConfig({
  // Own origin only; Stripe's origins are added on the checkout page when Stripe is active (docs/security.md).
  csp: {
    enabled: true,
    reportOnly: false,
    directives: {
      defaultSrc: [SELF],
      scriptSrc: [SELF, stripeSources('script')],
      // MUI (emotion) writes <style> elements at run time.
      styleSrc: [SELF, `'unsafe-inline'`],
      // Email templates may show images from any https address in the editor.
      imgSrc: [SELF, 'data:', 'blob:', 'https:', stripeSources('img')],
      fontSrc: [SELF, 'data:'],
      connectSrc: [SELF, stripeSources('connect')],
      frameSrc: [SELF, 'blob:', stripeSources('frame')],
      objectSrc: [`'none'`],
      baseUri: [SELF],
      formAction: [SELF],
      frameAncestors: [`'none'`],
    },
  },
  csrf: {
    enabled: true,
    // Stripe signs its webhooks; it cannot send our XSRF token.
    exceptRoutes: ['/api/webhooks/stripe'],
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  // Sent by SecurityHeadersMiddleware, and only on https requests.
  hsts: { enabled: false, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
