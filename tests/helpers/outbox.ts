import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { outboxDirectory } from '#modules/notifications/index'

/** The outbox messages (parsed .eml) whose subject contains a text. */
export async function outboxMessages(subjectContains: string): Promise<ParsedMail[]> {
  const directory = outboxDirectory()
  const files = (await readdir(directory).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort()
  const parsed = await Promise.all(
    files.map(async (file) => simpleParser(await readFile(join(directory, file))))
  )
  return parsed.filter((mail) => mail.subject?.includes(subjectContains))
}
