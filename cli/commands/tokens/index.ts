import { Command } from 'commander'
import { generateTokensCommand } from './generate.js'

export const tokensCommand = new Command('tokens')
  .description('Secure login links for members')
  .addCommand(generateTokensCommand)
