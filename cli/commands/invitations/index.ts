import { Command } from 'commander'
import { sendInvitationsCommand } from './send.js'

export const invitationsCommand = new Command('invitations').description('Migration invitation emails').addCommand(sendInvitationsCommand)
