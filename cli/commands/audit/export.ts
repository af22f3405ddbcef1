import { Command } from 'commander'
import { writeToString } from 'fast-csv'
import { CliError, handled } from '../../errors.js'
import type { CliContext } from '../../context.js'
import { progressBar } from '../../terminal.js'
import { parseIsoDate } from '#modules/shared/thread_safe'

const CSV_HEADER = ['id', 'at', 'actor', 'action', 'entityType', 'entityId', 'before', 'after']

export const exportAuditCommand = (ctx: CliContext) =>
  new Command('export')
    .description('Print the audit trail (oldest first) as CSV or JSON lines')
    .option('--since <date>', 'first day included (YYYY-MM-DD, UTC)')
    .option('--format <format>', 'csv or json', 'csv')
    .action(
      handled(ctx, async (options: { since?: string; format: string }) => {
        // A real calendar day: 2026-13-45 has the shape but is no date, and must not export "everything".
        if (options.since !== undefined && !parseIsoDate(options.since))
          throw new CliError(`--since must be a date (YYYY-MM-DD): "${options.since}" is not one`)
        if (!['csv', 'json'].includes(options.format))
          throw new CliError('--format must be csv or json')
        await ctx.withApp(async () => {
          const { auditLog } = await import('#modules/audit/index')
          const bar = progressBar(ctx, 'Exporting')
          let done = 0
          let total = 0
          // Read only: Ctrl-C ends at once, after the entries printed.
          ctx.interrupts.during({
            report: () =>
              `${done} of ${total || 'the'} audit entries printed (oldest first); nothing was changed.`,
          })
          if (options.format === 'csv') ctx.stdout.write(`${CSV_HEADER.join(',')}\n`)
          try {
            for await (const page of auditLog.since(options.since)) {
              const text =
                options.format === 'json'
                  ? page.entries.map((entry) => JSON.stringify(entry)).join('\n')
                  : await writeToString(
                      page.entries.map((e) => [
                        e.id,
                        e.at,
                        e.actor,
                        e.action,
                        e.entityType,
                        e.entityId ?? '',
                        JSON.stringify(e.before),
                        JSON.stringify(e.after),
                      ])
                    )
              ctx.stdout.write(`${text}\n`)
              done += page.entries.length
              total = page.total
              bar.update(done, total)
            }
          } finally {
            bar.stop()
          }
        })
      })
    )
