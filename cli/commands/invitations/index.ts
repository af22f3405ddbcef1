import { Command } from 'commander'
import { sendInvitationsCommand } from './send.js'
import { remindInvitationsCommand } from './remind.js'

export const invitationsCommand = new Command('invitations')
  .description('Migration invitation emails')
  .addCommand(sendInvitationsCommand)
  .addCommand(remindInvitationsCommand)
