import { defineConfig } from '@adonisjs/shield'

const shieldConfig = defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    // Stripe signs its webhooks; it cannot send our XSRF token.
    exceptRoutes: ['/api/webhooks/stripe'],
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
