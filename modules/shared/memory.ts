import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'

/*
| Memory back after a large task in the long-running server (docs/benchmarks.md).
| An import allocates ~60 MB of short-lived objects that V8 promotes to the old generation;
| an idle server allocates too little to trigger the major collection that would free them,
| so the process stayed 60–100 MB above its boot size until the next busy moment. One full
| collection once the task is done gives the heap (and the native buffers it owns) back.
*/

/** How long after the last large task the collection runs (tasks close together share one). */
const SETTLE_MS = 500

let collect: (() => void) | undefined
let timer: NodeJS.Timeout | undefined

/** V8's gc(), made available without starting node with --expose-gc. */
function collector(): () => void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as () => void
  }
  return collect
}

/** Schedules one full garbage collection shortly after a task that allocated a lot (an import). */
export function collectGarbageSoon() {
  const gc = collector()
  clearTimeout(timer)
  timer = setTimeout(() => gc(), SETTLE_MS)
  timer.unref()
}
