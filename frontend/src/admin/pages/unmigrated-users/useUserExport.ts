import { useToast } from '../../../common/toast'
import { csvBlob, download, exportFileName, exportRows, toXlsx } from './exportUsers'
import type { IssuedLink, UnmigratedUser } from './types'

/** CSV and XLSX exports of the listed users, made in the browser (admin-backoffice.md §8-9). */
export function useUserExport(
  users: UnmigratedUser[],
  total: number,
  links: Map<number, IssuedLink>
) {
  const toast = useToast()

  /** Downloads the file, warns when the list holds more users than were loaded, and says so. */
  async function save(
    extension: 'csv' | 'xlsx',
    file: (rows: string[][]) => Blob | Promise<Blob>,
    done: string
  ) {
    download(await file(exportRows(users, links)), exportFileName(extension))
    if (total > users.length)
      toast.warning(`Only the first ${users.length} of ${total} users are exported.`)
    toast.success(done)
  }

  const exportCsv = () =>
    save('csv', csvBlob, 'CSV exported successfully!').catch(() =>
      toast.error('Failed to export CSV')
    )
  const exportXlsx = () =>
    save('xlsx', toXlsx, 'XLSX exported successfully!').catch(() => {
      toast.error('Failed to export XLSX. Trying CSV instead...')
      return exportCsv()
    })

  return { exportCsv, exportXlsx }
}
