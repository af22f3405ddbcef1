import { Command } from 'commander'
import { createAdminCommand } from './create.js'

export const adminsCommand = new Command('admins')
  .description('Administrator accounts')
  .addCommand(createAdminCommand)
