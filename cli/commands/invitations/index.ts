import { Command } from 'commander'
import type { CliContext } from '../../context.js'
import { sendInvitationsCommand } from './send.js'
import { remindInvitationsCommand } from './remind.js'

export const invitationsCommand = (ctx: CliContext) =>
  new Command('invitations')
    .description('Migration invitation emails')
    .addCommand(sendInvitationsCommand(ctx))
    .addCommand(remindInvitationsCommand(ctx))
