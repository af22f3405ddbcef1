import { DateTime } from 'luxon'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { Job } from '#modules/jobs/index'
import { CookieClient } from './cookie_client.js'

const DATE_OF_BIRTH = '1985-03-10'

async function lastId(table: string): Promise<number> {
  const row = await db.from(table).max('id as last').first()
  return Number(row?.last ?? 0)
}

/**
 * A principal member committed for real, for tests of simultaneous requests (which cannot run
 * inside the rolled-back global transaction): its own row to lock and its own migrations.
 * `signIn()` opens a real session; `remove()` deletes the member, its migrations (their members,
 * installments, payments, subscriptions, documents and deliveries go with them) and the jobs and
 * webhook events recorded since it was made, so other tests still see the seeded demo data.
 */
export async function committedPrincipal() {
  const since = { jobs: await lastId('jobs'), events: await lastId('webhook_events') }
  const suffix = randomBytes(4).toString('hex').toUpperCase()
  const email = `clara.${suffix.toLowerCase()}@example.org`
  const member = await Member.create({
    member_id: `CONC-${suffix}`,
    insured_full_name: `Clara Concurrent ${suffix}`,
    date_of_birth: DateTime.fromISO(DATE_OF_BIRTH),
    insured_role: 'Principal',
    email,
    original_email: email,
    status: 'Active',
    residence_country: 'Switzerland',
    product_name: 'Global Health Gold',
    plan_name: 'Gold',
    sum_insured: 1000000,
    final_premium: 2400,
    premium_currency: 'USD',
  })

  return {
    member,

    async signIn() {
      const session = new CookieClient()
      const login = await session.post('/api/auth/login', {
        memberId: member.member_id,
        dateOfBirth: DATE_OF_BIRTH,
      })
      if (login.status !== 200)
        throw new Error(`Sign-in of ${member.member_id} failed: ${login.status} ${login.text}`)
      return session
    },

    /** The fulfilment.step jobs queued for one of its migrations. */
    async fulfilmentJobs(migrationId: number) {
      const jobs = await Job.query()
        .where('type', 'fulfilment.step')
        .where('id', '>', since.jobs)
        .orderBy('id')
      return jobs.filter((job) => job.payload.migrationId === migrationId)
    },

    async remove() {
      await db.from('jobs').where('id', '>', since.jobs).delete()
      await db.from('webhook_events').where('id', '>', since.events).delete()
      await db.from('migration_consents').where('member_id', member.id).delete()
      await db.from('migrations').where('member_id', member.id).delete()
      await db.from('members').where('id', member.id).delete()
    },
  }
}
