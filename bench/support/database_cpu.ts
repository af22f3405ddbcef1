import { readFile, readdir } from 'node:fs/promises'
import { execFileSync } from 'node:child_process'
import mysql from 'mysql2/promise'

/*
| CPU time MariaDB spent for one database's connections (its connection
| threads: one thread per connection), and CPU time of a Node process: on a
| shared machine whose load multiplies every wall time, work measured in CPU
| seconds stays comparable between runs (docs/benchmarks.md).
*/

/** Time a task (thread) has run on a CPU, in ms (schedstat: nanoseconds). */
async function cpuMs(task: string): Promise<number> {
  const schedstat = await readFile(`${task}/schedstat`, 'utf8').catch(() => '0')
  return Number(schedstat.split(' ')[0]) / 1e6
}

/** CPU time of a process (every thread), in ms (utime + stime, 10 ms ticks). */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function serverPid(): number {
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      return Number(execFileSync('pgrep', ['-o', '-x', name]).toString().trim())
    } catch {}
  }
  throw new Error('No MariaDB server process found on this machine')
}

/** Measures the CPU of MariaDB's threads serving `database` between start() and stop(). */
export class DatabaseCpu {
  private readonly pid = serverPid()
  private before = new Map<string, number>()
  private readonly seen = new Set<string>()
  private timer?: NodeJS.Timeout
  private constructor(
    private readonly connection: mysql.Connection,
    private readonly database: string
  ) {}

  static async start(database: string): Promise<DatabaseCpu> {
    const connection = await mysql.createConnection({
      host: process.env.DB_HOST,
      user: process.env.DB_USER,
      password: process.env.DB_PASSWORD,
    })
    const meter = new DatabaseCpu(connection, database)
    for (const tid of await readdir(`/proc/${meter.pid}/task`))
      meter.before.set(tid, await cpuMs(`/proc/${meter.pid}/task/${tid}`))
    await meter.poll()
    meter.timer = setInterval(() => void meter.poll().catch(() => undefined), 50)
    return meter
  }

  private async poll() {
    const [rows] = await this.connection.query(
      'select TID as tid from information_schema.PROCESSLIST where DB = ?',
      [this.database]
    )
    for (const row of rows as { tid: number }[]) this.seen.add(String(row.tid))
  }

  /** MariaDB CPU ms for the database's connections since start(). */
  async stop(): Promise<number> {
    clearInterval(this.timer)
    await this.poll()
    await this.connection.end()
    let total = 0
    for (const tid of this.seen)
      total += (await cpuMs(`/proc/${this.pid}/task/${tid}`)) - (this.before.get(tid) ?? 0)
    return Math.round(total)
  }
}
