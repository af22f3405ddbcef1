import { Command } from 'commander'
import { writeToString } from 'fast-csv'
import { withApp } from '../../app.js'
import { CliError, handled } from '../../errors.js'
import { progressBar } from '../../terminal.js'
import { parseIsoDate } from '#modules/shared/thread_safe'

const CSV_HEADER = ['id', 'at', 'actor', 'action', 'entityType', 'entityId', 'before', 'after']

export const exportAuditCommand = new Command('export')
  .description('Print the audit trail (oldest first) as CSV or JSON lines')
  .option('--since <date>', 'first day included (YYYY-MM-DD, UTC)')
  .option('--format <format>', 'csv or json', 'csv')
  .action(
    handled(async (options: { since?: string; format: string }) => {
      // A real calendar day: 2026-13-45 has the shape but is no date, and must not export "everything".
      if (options.since !== undefined && !parseIsoDate(options.since))
        throw new CliError(`--since must be a date (YYYY-MM-DD): "${options.since}" is not one`)
      if (!['csv', 'json'].includes(options.format))
        throw new CliError('--format must be csv or json')
      await withApp(async () => {
        const { auditLog } = await import('#modules/audit/index')
        const bar = progressBar('Exporting')
        let done = 0
        if (options.format === 'csv') process.stdout.write(`${CSV_HEADER.join(',')}\n`)
        try {
          for await (const { entries, total } of auditLog.since(options.since)) {
            const text =
              options.format === 'json'
                ? entries.map((entry) => JSON.stringify(entry)).join('\n')
                : await writeToString(
                    entries.map((e) => [
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
            process.stdout.write(`${text}\n`)
            done += entries.length
            bar.update(done, total)
          }
        } finally {
          bar.stop()
        }
      })
    })
  )
