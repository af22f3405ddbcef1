import { Command } from 'commander'
import type { CliContext } from '../../context.js'
import { createAdminCommand } from './create.js'

export const adminsCommand = (ctx: CliContext) =>
  new Command('admins').description('Administrator accounts').addCommand(createAdminCommand(ctx))
