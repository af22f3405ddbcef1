import { basename, resolve } from 'node:path'
import { access } from 'node:fs/promises'
import { Command, InvalidArgumentError } from 'commander'
import { input } from '@inquirer/prompts'
import { withApp } from '../app.js'
import { CliError, handled } from '../errors.js'
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

export const importCommand = new Command('import')
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
      async (
        given: string | undefined,
        options: { dryRun?: boolean; map: Record<string, string> }
      ) => {
        const file = (
          await valueOrPrompt(given, '<file>', () =>
            input({ message: 'Census file to import (.csv, .xlsx or .xls):', required: true })
          )
        ).trim()
        const path = resolve(file)
        await access(path).catch(() => {
          throw new CliError(`File not found: ${file}`)
        })
        await withApp(async () => {
          const {
            previewCensus,
            importPreview,
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
          console.log(`Records: ${preview.totalRecords}`)
          console.log(`Unique members: ${preview.uniqueMembers}`)
          console.log(`Products: ${preview.products.join(', ') || '(none)'}`)
          console.log(`Records with errors (skipped): ${preview.invalidRecords}`)
          const { counts } = preview
          console.log(
            `The import will: add ${counts.new}, update ${counts.updated}, leave unchanged ${counts.unchanged}, skip ${counts.skipped} member(s)`
          )
          if (preview.validationWarnings.length > 0) {
            console.log('Validation warnings:')
            printList(preview.validationWarnings)
          }
          if (options.dryRun) {
            await discardPreview(preview.cacheKey)
            console.log('Dry run: nothing was imported.')
            return
          }

          const bar = progressBar('Importing')
          const result = await importPreview(
            preview.cacheKey,
            CLI_OWNER,
            cliActor(),
            ({ done, total }) => bar.update(done, total)
          ).finally(() => bar.stop())
          console.log(`Members imported: ${result.membersImported}`)
          console.log(`Members updated: ${result.membersUpdated}`)
          console.log(`Members unchanged: ${result.membersUnchanged}`)
          console.log(`Members skipped: ${result.membersSkipped}`)
          console.log(`New products added: ${result.newProductsAdded}`)
          console.log(`Errors: ${result.errors.length}`)
        })
      }
    )
  )
