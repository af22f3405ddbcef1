import { open } from 'node:fs/promises'
import { Command } from 'commander'
import { writeToString } from 'fast-csv'
import { CliError, handled, reasonOf } from '../../errors.js'
import type { CliContext } from '../../context.js'
import { allUnmigratedPrincipals, memberIdsOf, selectMembers } from '../../members.js'
import { progressBar } from '../../terminal.js'

const HEADER = ['Member ID', 'Full Name', 'Email', 'Secure Login Link', 'Expires At']

/**
 * Where the links go as they are issued: the --output file, opened (mode 600) before the first
 * link is issued so an unwritable path issues nothing, and synced after each batch; else stdout.
 */
async function linkSink(ctx: CliContext, output: string | undefined) {
  if (!output) {
    return {
      write: (text: string) =>
        new Promise<void>((resolve, reject) =>
          ctx.stdout.write(text, (error) => (error ? reject(error) : resolve()))
        ),
      close: async () => {},
    }
  }
  const file = await open(output, 'w', 0o600).catch((error) => {
    throw new CliError(`Cannot write ${output}: ${reasonOf(error).message}; no link was issued`)
  })
  return {
    async write(text: string) {
      await file.write(text)
      await file.datasync()
    },
    close: () => file.close(),
  }
}

const csvLines = async (rows: string[][]) => (rows.length ? (await writeToString(rows)) + '\n' : '')

export const generateTokensCommand = (ctx: CliContext) =>
  new Command('generate')
    .description(
      "Issue secure login links (a new link revokes the member's older ones) and print them as CSV; each link is written as it is issued"
    )
    .option('--member <ids...>', 'member IDs of principals')
    .option('--all', 'every principal who has not migrated yet')
    .option('--output <file>', 'write the CSV to a file instead of the terminal')
    .action(
      handled(ctx, async (options: { member?: string[]; all?: boolean; output?: string }) => {
        const selection = await selectMembers(ctx, options.member, options.all, {
          allFlag: '--all',
          allLabel: 'All principals who have not migrated yet',
          someLabel: 'One member (by member ID)',
          several: false,
        })
        // Ctrl-C stops issuing: the batch being issued is finished and written, then the command ends.
        // A link is never issued without its row (it revokes the member's older link).
        ctx.interrupts.during({
          stopping: 'writing the links issued so far...',
          secondEndsAtOnce: false,
          report: () => 'no link was issued.',
        })
        const stopping = () => ctx.interrupts.stopped
        await ctx.withApp(async () => {
          const { unmigratedUsersService } = await import('#modules/backoffice/index')
          const { cliActor } = await import('#modules/audit/index')
          const sink = await linkSink(ctx, options.output)
          const bar = progressBar(ctx, 'Issuing links')
          let issued = 0
          let ids: number[] = []
          const failures: string[] = []
          try {
            ids = selection.all
              ? await allUnmigratedPrincipals()
              : await memberIdsOf(selection.memberIds)
            await sink.write(await csvLines([HEADER]))
            // Set-based: one transaction per batch of about 1,000 members (the service's), each
            // batch written and synced before the next is issued.
            await unmigratedUsersService.issueLinksInBatches(ids, cliActor(), async (batch) => {
              await sink.write(
                await csvLines(
                  batch.links.map((link) => [
                    link.member_id,
                    link.insured_full_name,
                    link.email ?? '',
                    link.secureLink,
                    link.expiresAt ?? '',
                  ])
                )
              )
              issued += batch.links.length
              for (const refused of batch.refused)
                failures.push(`${refused.member_id ?? refused.memberId}: ${refused.reason}`)
              bar.update(batch.done, batch.total)
              return !stopping()
            })
          } finally {
            bar.stop()
            await sink.close()
          }
          if (options.output) ctx.stderr.write(`${issued} links written to ${options.output}\n`)
          if (stopping())
            throw new CliError(
              `Interrupted: ${issued} link(s) issued, each written${options.output ? ` to ${options.output}` : ''}; the other members were not touched`,
              130
            )
          if (failures.length > 0)
            throw new CliError(
              `${failures.length} of ${ids.length} link(s) could not be issued: ${failures.join('; ')}`
            )
        })
      })
    )
