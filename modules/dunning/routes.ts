import router from '@adonisjs/core/services/router'
import './api_docs.js'
const FinanceDunningController = () => import('./controllers/finance_dunning_controller.js')

// The Finance area (/api/admin/*, guarded by the area middleware; plain REST for
// ra-data-simple-rest: Content-Range on lists).
router
  .group(() => {
    router
      .get('/finance/dunning', [FinanceDunningController, 'index'])
      .as('admin.finance.dunning.index')
    router
      .get('/finance/dunning-export', [FinanceDunningController, 'export'])
      .as('admin.finance.dunning.export')
    router
      .get('/finance/dunning/:id', [FinanceDunningController, 'show'])
      .as('admin.finance.dunning.show')
  })
  .prefix('/api/admin')
