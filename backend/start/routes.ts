/*
| Route wiring: each domain module registers its own routes; this file
| only loads them and adds the frontend (SPA) fallbacks.
*/
import router from '@adonisjs/core/services/router'
import { MODULE_ROUTES } from './module_routes.js'
import './routes_docs.js'

for (const load of MODULE_ROUTES) await load()

const SpaController = () => import('#backend/controllers/spa_controller')
const ApiDocsController = () => import('#backend/controllers/api_docs_controller')

const HealthController = () => import('#backend/controllers/health_controller')

router.get('/api/health', () => ({ success: true, status: 'ok' })).as('health')
router.get('/health/live', [HealthController, 'live']).as('health.live')
router.get('/health/ready', [HealthController, 'ready']).as('health.ready')
router.get('/api/openapi.json', [ApiDocsController, 'document']).as('api.openapi')
router.get('/api/docs', [ApiDocsController, 'viewer']).as('api.docs')
router.get('/api/docs/assets/:file', [ApiDocsController, 'asset']).as('api.docs.asset')
router.any('/api/*', [SpaController, 'apiNotFound']).as('api.not_found')
router.get('/', ({ response }) => response.redirect('/shop/login')).as('root')
router.get('/admin', ({ response }) => response.redirect('/admin/dashboard')).as('admin.root')
router.get('/shop', ({ response }) => response.redirect('/shop/login')).as('shop.root')
router.get('/shop/*', [SpaController, 'index']).as('spa.shop')
router.get('/admin/*', [SpaController, 'index']).as('spa.admin')
