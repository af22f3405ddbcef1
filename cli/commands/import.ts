import { basename, resolve } from 'node:path'
import { access } from 'node:fs/promises'
import { Command, InvalidArgumentError } from 'commander'
import { promptsOf } from '../prompts.js'
import { CliError, handled } from '../errors.js'
import { say, type CliContext } from '../context.js'
import { printList, progressBar, valueOrPrompt } from '../terminal.js'

/** The preview's owner for the CLI: previews from the screens belong to one admin each. */
const CLI_OWNER = 'cli'

/** Each --map "Census Column=File Column" added to the mapping. */
function collectMapping(value: string, mapping: Record<string, string>) {
  const at = value.indexOf('=')
  if (at <= 0 || at === value.length - 1)
    throw new InvalidArgumentError('Write it as "Census Column=File Column".')
  return { ...mapping, [value.slice(0, at).trim()]: value.slice(at + 1).trim() }
}

const count = (n: number) => n.toLocaleString('en-US')

export const importCommand = (ctx: CliContext) =>
  new Command('import')
    .description('Import a census file (CSV, XLSX): shows the preview, then imports it')
    .argument('[file]', 'census file (.csv, .xlsx or .xls); asked for when missing')
    .option('--dry-run', 'only show the preview; import nothing')
    .option(
      '--map <census=file>',
      'read a census column from a file column, e.g. --map "Member ID=Policy Holder No" (repeatable)',
      collectMapping,
      {}
    )
    .action(
      handled(
        ctx,
        async (
          given: string | undefined,
          options: { dryRun?: boolean; map: Record<string, string> }
        ) => {
          const file = (
            await valueOrPrompt(ctx, given, '<file>', () =>
              promptsOf(ctx).input({
                message: 'Census file to import (.csv, .xlsx or .xls):',
                required: true,
              })
            )
          ).trim()
          const path = resolve(file)
          await access(path).catch(() => {
            throw new CliError(`File not found: ${file}`)
          })
          // Reading the file writes nothing: Ctrl-C then ends at once.
          ctx.interrupts.during({ report: () => 'nothing was imported (the file was being read).' })
          await ctx.withApp(async () => {
            const {
              previewCensus,
              importPreview,
              importKeepsCommittedBatches,
              discardPreview,
              CENSUS_EXTENSIONS,
              MissingColumnsApiError,
            } = await import('#modules/imports/index')
            const { cliActor } = await import('#modules/audit/index')
            const extension = path.split('.').pop()?.toLowerCase() ?? ''
            if (!CENSUS_EXTENSIONS.includes(extension))
              throw new CliError('Please select a CSV or XLSX file')

            const preview = await previewCensus(path, basename(path), CLI_OWNER, {
              withAllRecords: false,
              mapping: options.map,
            }).catch((error) => {
              if (!(error instanceof MissingColumnsApiError)) throw error
              throw new CliError(
                `${error.message}. The file's columns: ${error.fileColumns.join(', ')}. Name the one to use with --map "${error.missingColumns[0]}=<file column>".`
              )
            })
            say(ctx, `Records: ${preview.totalRecords}`)
            say(ctx, `Unique members: ${preview.uniqueMembers}`)
            say(ctx, `Products: ${preview.products.join(', ') || '(none)'}`)
            say(ctx, `Records with errors (skipped): ${preview.invalidRecords}`)
            const { counts } = preview
            say(
              ctx,
              `The import will: add ${counts.new}, update ${counts.updated}, leave unchanged ${counts.unchanged}, skip ${counts.skipped} member(s)`
            )
            if (preview.validationWarnings.length > 0) {
              say(ctx, 'Validation warnings:')
              printList(ctx, preview.validationWarnings)
            }
            if (options.dryRun) {
              await discardPreview(preview.cacheKey)
              say(ctx, 'Dry run: nothing was imported.')
              return
            }

            // MariaDB: the import is one transaction (all or nothing): Ctrl-C rolls it back after the
            // batch being written. SQLite: each batch is committed on its own (the server keeps its
            // writes going), so Ctrl-C keeps the batches written. Either way the operator is told.
            const keepsBatches = importKeepsCommittedBatches()
            let progress = { done: 0, total: preview.totalRecords }
            const stoppedAt = () =>
              `stopped at ${count(progress.done)} of ${count(progress.total)} records`
            const imported = () =>
              `${count(progress.done)} of ${count(progress.total)} records imported`
            ctx.interrupts.during({
              stopping: keepsBatches
                ? 'finishing the batch being written (each batch is committed on its own)...'
                : 'rolling the import back after the batch being written (it is written all at once or not at all)...',
              report: () =>
                keepsBatches
                  ? `${imported()}; the others were not.`
                  : `nothing was imported (${stoppedAt()}, before the import's one transaction was committed).`,
            })
            const bar = progressBar(ctx, 'Importing')
            const result = await importPreview(
              preview.cacheKey,
              CLI_OWNER,
              cliActor(),
              ({ done, total }) => {
                progress = { done, total }
                bar.update(done, total)
                if (ctx.interrupts.stopped) throw new Error('Interrupted')
              }
            )
              .catch(async (error) => {
                if (!ctx.interrupts.stopped) throw error
                await discardPreview(preview.cacheKey)
                throw new CliError(
                  keepsBatches
                    ? `Interrupted: ${imported()} (each batch is committed on its own); the others were not. Run the import again to import the rest: the members already imported stay unchanged.`
                    : `Interrupted: nothing was imported (${stoppedAt()}, before the import's one transaction was committed; it was rolled back). Run the import again to import the file.`,
                  130
                )
              })
              .finally(() => bar.stop())
            say(ctx, `Members imported: ${result.membersImported}`)
            say(ctx, `Members updated: ${result.membersUpdated}`)
            say(ctx, `Members unchanged: ${result.membersUnchanged}`)
            say(ctx, `Members skipped: ${result.membersSkipped}`)
            say(ctx, `New products added: ${result.newProductsAdded}`)
            say(ctx, `Errors: ${result.errors.length}`)
          })
        }
      )
    )
