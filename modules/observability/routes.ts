import router from '@adonisjs/core/services/router'

const MetricsController = () => import('./controllers/metrics_controller.js')

router.get('/metrics', [MetricsController, 'show']).as('metrics.show')
