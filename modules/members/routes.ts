import router from '@adonisjs/core/services/router'
import './api_docs.js'
const AdminMembersController = () => import('./controllers/admin_members_controller.js')

router
  .group(() => {
    router.get('/members', [AdminMembersController, 'index']).as('admin.members.index')
    router.get('/members-stats', [AdminMembersController, 'stats']).as('admin.members.stats')
    router.get('/members-export', [AdminMembersController, 'export']).as('admin.members.export')
    router.get('/members/:id', [AdminMembersController, 'show']).as('admin.members.show')
    router.post('/members', [AdminMembersController, 'store']).as('admin.members.store')
    router.put('/members/:id', [AdminMembersController, 'update']).as('admin.members.update')
    router.delete('/members/:id', [AdminMembersController, 'destroy']).as('admin.members.destroy')
    router.patch('/members/:id/block', [AdminMembersController, 'block']).as('admin.members.block')
    router
      .post('/members/bulk-block', [AdminMembersController, 'bulkBlock'])
      .as('admin.members.bulk_block')
  })
  .prefix('/api/admin')
