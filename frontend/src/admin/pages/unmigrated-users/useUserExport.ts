import { useToast } from '../../../common/toast'
import { csvBlob, download, exportFileName, exportRows, toXlsx } from './exportUsers'
import type { IssuedLink, UnmigratedUser } from './types'

/** CSV and XLSX exports of the listed users, made in the browser (admin-backoffice.md §8-9). */
export function useUserExport(users: UnmigratedUser[], total: number, links: Map<number, IssuedLink>) {
  const toast = useToast()

  function warnIfPartial() {
    if (total > users.length) toast.warning(`Only the first ${users.length} of ${total} users are exported.`)
  }

  function exportCsv() {
    try {
      download(csvBlob(exportRows(users, links)), exportFileName('csv'))
      warnIfPartial()
      toast.success('CSV exported successfully!')
    } catch {
      toast.error('Failed to export CSV')
    }
  }

  async function exportXlsx() {
    try {
      download(await toXlsx(exportRows(users, links)), exportFileName('xlsx'))
      warnIfPartial()
      toast.success('XLSX exported successfully!')
    } catch {
      toast.error('Failed to export XLSX. Trying CSV instead...')
      exportCsv()
    }
  }

  return { exportCsv, exportXlsx }
}
