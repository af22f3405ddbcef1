import { Command } from 'commander'
import type { CliContext } from '../../context.js'
import { generateTokensCommand } from './generate.js'

export const tokensCommand = (ctx: CliContext) =>
  new Command('tokens')
    .description('Secure login links for members')
    .addCommand(generateTokensCommand(ctx))
