import { Migration, MigrationMember } from '#modules/migrations/index'
import { Member } from '#modules/members/index'
import { Product } from '#modules/catalog/index'
import type { Language } from '#modules/shared/index'
import { purchaseLanguage } from './purchase_language.js'

export interface MigratedMember {
  selection: MigrationMember
  member: Member
}

export interface MigrationContext {
  migration: Migration
  principal: Member
  members: MigratedMember[]
  product: Product | null
  /** The purchase's language: its checkout's (the consent's), else the principal's (purchase_language.ts). */
  language: Language
}

/** A migration with everything the fulfilment steps, documents and emails read: its members (principal first) and product. */
export async function loadMigrationContext(migrationId: number): Promise<MigrationContext> {
  const migration = await Migration.findOrFail(migrationId)
  const selections = await MigrationMember.query().where('migration_id', migrationId).orderBy('id')
  const rows = await Member.query().whereIn('id', [
    migration.member_id,
    ...selections.map((s) => s.member_id),
  ])
  const byId = new Map(rows.map((row) => [row.id, row]))
  const members = selections
    .map((selection) => ({ selection, member: byId.get(selection.member_id)! }))
    .filter((entry) => entry.member)
    .sort(
      (a, b) =>
        Number(b.member.id === migration.member_id) - Number(a.member.id === migration.member_id)
    )
  const product = migration.product_name
    ? await Product.findBy('product_name', migration.product_name)
    : null
  const principal = byId.get(migration.member_id)!
  const language = await purchaseLanguage(migration.id, principal?.language)
  return { migration, principal, members, product, language }
}
