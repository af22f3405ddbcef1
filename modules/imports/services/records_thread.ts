/*
| Pages through a preview's records (records_page.ts) away from the web
| server's heap; posts the page or a failure message.
*/
import { parentPort, workerData } from 'node:worker_threads'
import { recordsPage, type RecordsQuery } from './records_page.js'

const { path, query } = workerData as { path: string; query: RecordsQuery }
try {
  parentPort!.postMessage({ records: await recordsPage(path, query) })
} catch (error) {
  parentPort!.postMessage({ failure: error instanceof Error ? error.message : String(error) })
}
parentPort!.close()
