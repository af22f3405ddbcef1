import { Command } from 'commander'
import { exportAuditCommand } from './export.js'

export const auditCommand = new Command('audit')
  .description('The audit trail of administrator and operator changes')
  .addCommand(exportAuditCommand)
