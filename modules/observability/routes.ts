import router from '@adonisjs/core/services/router'
import './api_docs.js'

const MetricsController = () => import('./controllers/metrics_controller.js')

router.get('/metrics', [MetricsController, 'show']).as('metrics.show')
