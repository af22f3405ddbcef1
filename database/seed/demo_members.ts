import { DateTime } from 'luxon'
import { Member, MigrationBlock } from '#modules/members/index'
import {
  Migration,
  confirmSandboxPayment,
  createMigration,
  recordConsent,
} from '#modules/migrations/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'

type MemberSeed = Partial<Member> & { member_id: string; insured_full_name: string; dob: string }

const policy = {
  policy_start_date: DateTime.fromISO('2026-01-01'),
  policy_end_date: DateTime.fromISO('2026-12-31'),
  residence_country: 'Switzerland',
  status: 'Active',
}

/** Demo families. DEMO-1001 is the one to click through the shop with (15.04.1980). */
const DEMO_FAMILIES: { principal: MemberSeed; relatives: MemberSeed[] }[] = [
  {
    principal: {
      member_id: 'DEMO-1001',
      insured_full_name: 'Anna Schmidt',
      dob: '1980-04-15',
      email: 'anna.schmidt@corp.example.com',
      gender: 'Female',
      citizenship: 'Germany',
      product_name: 'Global Health Gold',
      plan_name: 'Gold',
      sum_insured: 1000000,
      final_premium: 2400,
      premium_currency: 'USD',
      person_id: 'P-1001',
    },
    relatives: [
      {
        member_id: 'DEMO-1001-S',
        insured_full_name: 'Jonas Schmidt',
        dob: '1978-09-02',
        insured_role: 'Spouse',
        gender: 'Male',
        citizenship: 'Germany',
        product_name: 'Global Health Gold',
        plan_name: 'Gold',
        sum_insured: 1000000,
        final_premium: 2200,
        premium_currency: 'USD',
        person_id: 'P-1001-S',
      },
      {
        member_id: 'DEMO-1001-C1',
        insured_full_name: 'Mia Schmidt',
        dob: '2012-06-21',
        insured_role: 'Child',
        gender: 'Female',
        citizenship: 'Germany',
        product_name: 'Global Health Gold',
        plan_name: 'Gold',
        sum_insured: 1000000,
        final_premium: 800,
        premium_currency: 'USD',
        person_id: 'P-1001-C1',
      },
      {
        member_id: 'DEMO-1001-C2',
        insured_full_name: 'Leon Schmidt',
        dob: '2016-11-30',
        insured_role: 'Child',
        gender: 'Male',
        citizenship: 'Germany',
        product_name: 'Global Health Gold',
        plan_name: 'Gold',
        sum_insured: 1000000,
        final_premium: 800,
        premium_currency: 'USD',
        person_id: 'P-1001-C2',
      },
    ],
  },
  {
    principal: {
      member_id: 'DEMO-1002',
      insured_full_name: 'Carlos Rivera',
      dob: '1975-01-31',
      email: 'carlos.rivera@example.com',
      gender: 'Male',
      citizenship: 'Spain',
      product_name: 'Global Health Gold',
      plan_name: 'Gold',
      sum_insured: 1000000,
      final_premium: 2600,
      premium_currency: 'EUR',
      person_id: 'P-1002',
    },
    relatives: [
      {
        member_id: 'DEMO-1002-S',
        insured_full_name: 'Lucia Rivera',
        dob: '1977-03-12',
        insured_role: 'Spouse',
        gender: 'Female',
        citizenship: 'Spain',
        product_name: 'Global Health Gold',
        plan_name: 'Gold',
        sum_insured: 1000000,
        final_premium: 2300,
        premium_currency: 'EUR',
        person_id: 'P-1002-S',
      },
    ],
  },
  {
    principal: {
      member_id: 'DEMO-1003',
      insured_full_name: 'Priya Natarajan',
      dob: '1988-12-05',
      email: 'priya.n@example.com',
      gender: 'Female',
      citizenship: 'India',
      product_name: 'Global Health Silver',
      plan_name: 'Silver',
      sum_insured: 500000,
      final_premium: 1500,
      premium_currency: 'USD',
      person_id: 'P-1003',
    },
    relatives: [],
  },
  {
    principal: {
      member_id: 'DEMO-1004',
      insured_full_name: 'Olivier Dubois',
      dob: '1969-07-14',
      email: 'olivier.dubois@example.com',
      gender: 'Male',
      citizenship: 'France',
      product_name: 'Legacy Basic',
      plan_name: 'Basic',
      sum_insured: 250000,
      final_premium: 900,
      premium_currency: 'CHF',
      person_id: 'P-1004',
    },
    relatives: [],
  },
  {
    principal: {
      member_id: 'DEMO-1005',
      insured_full_name: 'Emma Johansson',
      dob: '1991-02-28',
      email: null,
      gender: 'Female',
      citizenship: 'Sweden',
      product_name: 'Global Health Silver',
      plan_name: 'Silver',
      sum_insured: 500000,
      final_premium: 1700,
      premium_currency: 'GBP',
      person_id: 'P-1005',
    },
    relatives: [
      {
        member_id: 'DEMO-1005-C1',
        insured_full_name: 'Nils Johansson',
        dob: '2019-05-05',
        insured_role: 'Child',
        gender: 'Male',
        citizenship: 'Sweden',
        product_name: 'Global Health Silver',
        plan_name: 'Silver',
        sum_insured: 500000,
        final_premium: 600,
        premium_currency: 'GBP',
        person_id: 'P-1005-C1',
      },
    ],
  },
]

function toRow(seed: MemberSeed) {
  const { dob, ...rest } = seed
  return {
    insured_role: 'Principal' as const,
    ...policy,
    ...rest,
    original_email: rest.email ?? null,
    date_of_birth: DateTime.fromISO(dob),
  }
}

/** Demo members: families, one already migrated (DEMO-1002), one blocked (DEMO-1003), one on a disabled product (DEMO-1004). */
export async function seedDemoMembers() {
  if (await Member.findBy('member_id', 'DEMO-1001')) return
  for (const family of DEMO_FAMILIES) {
    const principal = await Member.create(toRow(family.principal))
    for (const relative of family.relatives) {
      await Member.create({
        ...toRow(relative),
        principal_id: principal.id,
        principal_person_id: principal.person_id,
        principal_name: principal.insured_full_name,
      })
    }
  }
  await seedCompletedMigration()
  const blocked = await Member.findByOrFail('member_id', 'DEMO-1003')
  await MigrationBlock.create({
    member_id: blocked.id,
    reason: 'Pending review of previous claims',
    blocked_by: 'demo',
    active: true,
  })
}

/** The demo's migration keeps a fixed reference, so guides and tests can name it. */
export const DEMO_MIGRATION_REFERENCE = 'MIG-DEMO-0001'

/**
 * DEMO-1002's completed one-time migration, bought as a member buys one: priced by the pricing
 * rule and created by the migrations service (its installment schedule with it), consent
 * recorded, paid through the sandbox provider's confirmation (the same webhook event processor),
 * then fulfilled by the fulfilment worker (enrolment, documents, emails) — no hand-written rows,
 * so the demo shows what the code makes. Only the generated reference is replaced by the fixed one, before payment.
 */
async function seedCompletedMigration() {
  const principal = await Member.findByOrFail('member_id', 'DEMO-1002')
  const created = await createMigration(principal, {
    memberIds: [principal.id],
    durationType: '12_months',
    paymentFrequency: 'one-time',
    currency: 'EUR',
    idempotencyKey: 'demo-seed-DEMO-1002',
  })
  await Migration.query()
    .where('id', created.migrationId)
    .update({ migration_reference: DEMO_MIGRATION_REFERENCE })
  await recordConsent(principal, created.migrationId, {
    textVersion: created.consentTerms.textVersion,
    language: 'en',
    ip: '127.0.0.1',
  })
  await confirmSandboxPayment(principal, created.migrationId)
  await createFulfilmentWorker().drain()
}
