import router from '@adonisjs/core/services/router'
import './api_docs.js'
const DataController = () => import('./controllers/data_controller.js')

router
  .group(() => {
    router.get('/data/stats', [DataController, 'stats']).as('data.stats')
    router.post('/data/preview', [DataController, 'preview']).as('data.preview')
    router.get('/data/preview-records', [DataController, 'records']).as('data.preview_records')
    router.get('/data/preview-errors', [DataController, 'errors']).as('data.preview_errors')
    router.post('/data/confirm-import', [DataController, 'confirm']).as('data.confirm_import')
    router.post('/data/clean', [DataController, 'clean']).as('data.clean')
    router.get('/data/clean', [DataController, 'cleanStatus']).as('data.clean_status')
  })
  .prefix('/api/admin')
