import router from '@adonisjs/core/services/router'
import './api_docs.js'

const AuditLogController = () => import('./controllers/audit_log_controller.js')

// Read-only on purpose: audit entries are never changed or deleted through the API.
router.get('/api/admin/audit-log', [AuditLogController, 'index']).as('admin.audit_log.index')
router
  .get('/api/admin/audit-log-export', [AuditLogController, 'export'])
  .as('admin.audit_log.export')
