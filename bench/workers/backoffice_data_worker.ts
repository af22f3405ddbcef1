/*
| Data of the back-office benchmark (bench/backoffice.ts), into a freshly
| migrated database: reference data, BENCH_MEMBERS synthetic members (a tenth
| on the disabled demo product), BENCH_MIGRATIONS synthetic migrations and the
| benchmark's administrator `bench` (password BENCH_ADMIN_PASSWORD). With the
| argument `admin`, only (re)sets that administrator and removes the secure
| links an earlier run generated. Prints one JSON line.
*/
import { withApp } from '#cli/app'

const mode = process.argv[2] ?? 'all'
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000)
const MIGRATIONS = Number(process.env.BENCH_MIGRATIONS ?? 50_000)
// uniform pick over this list: 45 % Gold, 45 % Silver, 10 % Legacy Basic (disabled in the reference data)
const PRODUCTS = [
  ...Array(9).fill('Global Health Gold'),
  ...Array(9).fill('Global Health Silver'),
  'Legacy Basic',
  'Legacy Basic',
]

await withApp(async () => {
  const db = (await import('@adonisjs/lucid/services/db')).default
  const { seedReferenceData } = await import('#database/seed/reference_data')
  const { generateSyntheticMembers } = await import('#database/seed/synthetic_members')
  const { generateSyntheticMigrations } = await import('#database/seed/synthetic_migrations')
  const { AdminUser, adminAccountsService } = await import('#modules/admins/index')

  const generated: Record<string, unknown> = {}
  if (mode !== 'admin') {
    await seedReferenceData()
    let start = performance.now()
    const members = await generateSyntheticMembers({ count: MEMBERS, products: PRODUCTS })
    generated.membersMs = Math.round(performance.now() - start)
    start = performance.now()
    const migrations = await generateSyntheticMigrations({ count: MIGRATIONS })
    generated.migrationsMs = Math.round(performance.now() - start)
    generated.principals = members.principals
    generated.migratingPrincipals = migrations.principals
    // Fresh optimizer statistics, as InnoDB's background recalculation would give after a while.
    for (const table of [
      'members',
      'migrations',
      'migration_members',
      'installments',
      'subscriptions',
      'payments',
      'products',
    ])
      await db.rawQuery(`ANALYZE TABLE ${table}`)
  } else {
    await db.from('migration_tokens').delete()
  }
  const admin = await AdminUser.findBy('username', 'bench')
  if (admin)
    await adminAccountsService.changePassword(
      admin.id,
      { newPassword: process.env.BENCH_ADMIN_PASSWORD! },
      null,
      'bench'
    )
  else
    await adminAccountsService.create(
      {
        username: 'bench',
        email: 'bench@example.test',
        password: process.env.BENCH_ADMIN_PASSWORD!,
      },
      'bench'
    )
  const counts: Record<string, number> = {}
  for (const table of [
    'members',
    'migrations',
    'migration_members',
    'installments',
    'subscriptions',
    'payments',
  ]) {
    counts[table] = Number((await db.from(table).count('* as n').first()).n)
  }
  const statuses = await db.from('migrations').groupBy('status').select('status').count('* as n')
  console.log(
    JSON.stringify({
      ...counts,
      statuses: Object.fromEntries(statuses.map((row) => [row.status, Number(row.n)])),
      ...generated,
    })
  )
})
process.exit(0)
