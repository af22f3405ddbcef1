import { Command } from 'commander'
import type { CliContext } from '../../context.js'
import { exportAuditCommand } from './export.js'

export const auditCommand = (ctx: CliContext) =>
  new Command('audit')
    .description('The audit trail of administrator and operator changes')
    .addCommand(exportAuditCommand(ctx))
