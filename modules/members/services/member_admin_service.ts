import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { recordAudit, type Actor } from '#modules/audit/index'
import { ApiError, isoDate, parseIsoDate, readCache, today, matchAny } from '#modules/shared/index'
import Member, { MEMBER_ROLES, type MemberRole } from '../models/member.js'
import { memberJson, type MemberRow } from './member_json.js'

const MEMBERS_PAGE_SIZE = 50
const MEMBERS_TOTAL_CACHE_MS = 3000
/** Page starts are dropped by any write of this process; the time bounds what another process (the CLI) may change meanwhile. */
const MEMBERS_PAGE_STARTS_CACHE_MS = 30_000
/** A migration that counts as done for the Migrations column. */
const DONE_STATUSES = ['completed', 'completed_with_warnings']

export interface MemberFilters {
  page?: number
  limit?: number
  search?: string
  role?: string
  /** Keyset cursor: the last id of the previous page (the page is the next `limit` ids after it). */
  after?: number
  /** Keyset cursor: the first id of the next page (the page is the `limit` ids before it). */
  before?: number
  /** A column of MEMBER_SORTS (validators.ts); default id. */
  sort?: string
  direction?: 'asc' | 'desc'
}

/** The list in id order, ascending: the one order keyset paging and page starts know. */
const inIdOrder = (filters: MemberFilters) =>
  (filters.sort ?? 'id') === 'id' && (filters.direction ?? 'asc') === 'asc'

export interface MemberInput {
  member_id: string
  insured_full_name: string
  date_of_birth: string
  insured_role: MemberRole
  email?: string | null
  gender?: string | null
  citizenship?: string | null
  residence_country?: string | null
  status?: string
  product_name?: string | null
  plan_name?: string | null
  policy_start_date?: string | null
  policy_end_date?: string | null
  person_id?: string | null
  principal_person_id?: string | null
  dhig_person_guid?: string | null
  dhig_person_id?: string | null
  dhig_member_id?: string | null
}

/** Members with their product alias and completed-migrations count, in one query. */
export function membersWithFigures() {
  return (
    db
      .from('members')
      .leftJoin('products', 'products.product_name', 'members.product_name')
      .select('members.*', 'products.product_alias')
      .select(
        db.raw(
          `(select count(distinct mm.migration_id) from migration_members mm join migrations m on m.id = mm.migration_id
          where mm.member_id = members.id and m.status in (?, ?)) as completed_migrations_count`,
          DONE_STATUSES
        )
      )
      // The member's active block, if any (at most one: member_blocks.ts).
      .select(
        db.raw(
          `(select b.reason from migration_blocks b where b.member_id = members.id and b.active = ? order by b.id desc limit 1) as block_reason`,
          [true]
        )
      )
      .select(
        db.raw(
          `(select count(*) from migration_blocks b where b.member_id = members.id and b.active = ?) as active_blocks`,
          [true]
        )
      )
  )
}

export function applyFilters(query: ReturnType<typeof db.from>, filters: MemberFilters) {
  const search = filters.search?.trim()
  if (search) {
    query.where((inner) =>
      matchAny(
        inner,
        ['members.insured_full_name', 'members.member_id', 'members.email', 'members.person_id'],
        search
      )
    )
  }
  if (filters.role && MEMBER_ROLES.includes(filters.role as MemberRole))
    query.where('members.insured_role', filters.role)
  return query
}

/**
 * The first id of every page of a filter, in one pass over the ids (ROW_NUMBER over the
 * primary key): any page is then a seek. Kept while no write happened (readCache), so a
 * jump to any page gives the OFFSET answer at the cost of a seek.
 */
function pageStarts(filters: MemberFilters, filterKey: string[], limit: number): Promise<number[]> {
  const key = JSON.stringify(['members:page-starts', ...filterKey, limit])
  return readCache.get(key, MEMBERS_PAGE_STARTS_CACHE_MS, async () => {
    const numbered = applyFilters(db.from('members'), filters)
      .select('members.id', db.raw('row_number() over (order by members.id) as position'))
      .as('numbered')
    const starts = await db
      .from(numbered)
      .select('id')
      .whereRaw('(position - 1) % ? = 0', [limit])
      .orderBy('id', 'asc')
    return starts.map((row: { id: number | string }) => Number(row.id))
  })
}

/**
 * One page in id order. With a cursor (`after` the previous page's last id, `before` the
 * next page's first id) it is a seek from there; otherwise from the page's first id.
 */
async function pageRows(
  filters: MemberFilters,
  filterKey: string[],
  page: number,
  limit: number
): Promise<MemberRow[]> {
  const query = applyFilters(membersWithFigures(), filters).limit(limit)
  if (!inIdOrder(filters)) {
    // Another order (a column header): the page by OFFSET over the column's index, ties by id.
    const direction = filters.direction ?? 'asc'
    return query
      .orderBy(`members.${filters.sort ?? 'id'}`, direction)
      .orderBy('members.id', direction)
      .offset((page - 1) * limit)
  }
  if (filters.before !== undefined) {
    const rows = await query.where('members.id', '<', filters.before).orderBy('members.id', 'desc')
    return rows.reverse()
  }
  if (filters.after !== undefined)
    return query.where('members.id', '>', filters.after).orderBy('members.id', 'asc')
  if (page === 1) return query.orderBy('members.id', 'asc')
  const start = (await pageStarts(filters, filterKey, limit))[page - 1]
  return start === undefined
    ? []
    : query.where('members.id', '>=', start).orderBy('members.id', 'asc')
}

function parseDate(value: string | null | undefined, label: string): DateTime | null {
  if (!value) return null
  const date = parseIsoDate(value)
  if (!date) throw new ApiError(`Please enter a valid ${label}`, 422)
  return date
}

/** Turns form input into model values: real dates, the principal link, no email history rewrite. */
async function modelValues(input: MemberInput) {
  const dateOfBirth = parseDate(input.date_of_birth, 'date of birth')!
  if (dateOfBirth > today()) throw new ApiError('The date of birth cannot be in the future', 422)
  const policyStart = parseDate(input.policy_start_date, 'policy start date')
  const policyEnd = parseDate(input.policy_end_date, 'policy end date')
  if (policyStart && policyEnd && policyEnd < policyStart)
    throw new ApiError('The policy end date must be after the policy start date', 422)

  let principal: Member | null = null
  const isPrincipal = input.insured_role === 'Principal'
  if (!isPrincipal) {
    // A dependant belongs to a family: without an existing principal it could never sign in or migrate.
    const field = 'principal_person_id'
    if (!input.principal_person_id)
      throw new ApiError(
        `A ${input.insured_role} needs a principal: enter the Principal Person ID of an existing principal member`,
        422,
        { field }
      )
    principal = await Member.query()
      .where('insured_role', 'Principal')
      .where('person_id', input.principal_person_id)
      .first()
    if (!principal)
      throw new ApiError(
        `No principal member has the person ID ${input.principal_person_id}`,
        422,
        { field }
      )
  }
  return {
    member_id: input.member_id,
    insured_full_name: input.insured_full_name,
    date_of_birth: dateOfBirth,
    insured_role: input.insured_role,
    email: input.email || null,
    gender: input.gender || null,
    citizenship: input.citizenship || null,
    residence_country: input.residence_country || null,
    product_name: input.product_name || null,
    plan_name: input.plan_name || null,
    policy_start_date: policyStart,
    policy_end_date: policyEnd,
    person_id: input.person_id || null,
    principal_id: principal?.id ?? null,
    principal_person_id: principal ? input.principal_person_id! : null,
    principal_name: principal?.insured_full_name ?? null,
    dhig_person_guid: input.dhig_person_guid || null,
    dhig_person_id: input.dhig_person_id || null,
    dhig_member_id: input.dhig_member_id || null,
  }
}

/** The member's stored fields as the audit trail keeps them (dates as YYYY-MM-DD). */
function auditedFields(member: Member) {
  const { created_at: _created, updated_at: _updated, ...fields } = member.$attributes
  for (const key of ['date_of_birth', 'policy_start_date', 'policy_end_date'])
    fields[key] = isoDate(fields[key])
  return fields
}

async function assertMemberIdFree(memberId: string, exceptId?: number) {
  const query = Member.query().where('member_id', memberId)
  if (exceptId) query.whereNot('id', exceptId)
  if (await query.first())
    throw new ApiError(`A member with member ID ${memberId} already exists`, 409)
}

/** The Members screen's figures: counts over the whole table. */
async function memberFigures() {
  const row = await db
    .from('members')
    .select(
      db.raw('count(*) as total_members'),
      db.raw(`sum(case when insured_role = 'Principal' then 1 else 0 end) as principals_count`),
      db.raw(`sum(case when insured_role <> 'Principal' then 1 else 0 end) as dependents_count`),
      db.raw(`sum(case when status = 'Active' then 1 else 0 end) as active_members`),
      db.raw(
        `sum(case when email is not null and email <> '' then 1 else 0 end) as members_with_email`
      ),
      db.raw('count(distinct product_name) as unique_products')
    )
    .first()
  const figure = (key: string) => Number(row?.[key] ?? 0)
  return {
    total_members: figure('total_members'),
    principals_count: figure('principals_count'),
    dependents_count: figure('dependents_count'),
    active_members: figure('active_members'),
    members_with_email: figure('members_with_email'),
    unique_products: figure('unique_products'),
  }
}

/** The back-office's member records (admin-backoffice.md, Members). */
export const memberAdminService = {
  async list(filters: MemberFilters) {
    const limit = filters.limit ?? MEMBERS_PAGE_SIZE
    const page = filters.page ?? 1
    if (filters.after !== undefined && filters.before !== undefined)
      throw new ApiError('Send either after or before, not both', 422)
    if ((filters.after !== undefined || filters.before !== undefined) && !inIdOrder(filters))
      throw new ApiError('after and before page the list in id order only: send page', 422)
    const filterKey = [filters.search?.trim() ?? '', filters.role ?? '']
    // The total is the same for every page of a filter: shared a few seconds, dropped by any write (readCache).
    const totalKey = JSON.stringify(['members:total', ...filterKey])
    const total = () =>
      readCache.get(totalKey, MEMBERS_TOTAL_CACHE_MS, async () =>
        Number(
          (await applyFilters(db.from('members'), filters).count('* as total').first())?.total ?? 0
        )
      )
    // The page's whole answer is shared too: 50 admins on page 1 cost one query and one
    // serialisation, not 50 (the controller sends it with sendSharedJson).
    const pageKey = JSON.stringify([
      'members:page',
      ...filterKey,
      page,
      limit,
      filters.after ?? null,
      filters.before ?? null,
      filters.sort ?? 'id',
      filters.direction ?? 'asc',
    ])
    return readCache.get(pageKey, MEMBERS_TOTAL_CACHE_MS, async () => {
      const [count, rows] = await Promise.all([total(), pageRows(filters, filterKey, page, limit)])
      return { members: rows.map((row: MemberRow) => memberJson(row)), total: count, page, limit }
    })
  },

  /** The Members screen's figures, shared like the lists' totals (one scan serves every admin). */
  stats() {
    return readCache.get('members:stats', MEMBERS_TOTAL_CACHE_MS, memberFigures)
  },

  async find(id: number) {
    const row = await membersWithFigures().where('members.id', id).first()
    if (!row) throw new ApiError('Member not found', 404)
    return memberJson(row)
  },

  async create(input: MemberInput, actor: Actor) {
    await assertMemberIdFree(input.member_id)
    const values = await modelValues(input)
    const id = await db.transaction(async (trx) => {
      // original_email is the first address known for the member and never changes afterwards.
      const member = await Member.create(
        { ...values, original_email: values.email, status: input.status ?? 'Active' },
        { client: trx }
      )
      await recordAudit(trx, {
        actor,
        action: 'member.create',
        entityType: 'member',
        entityId: member.id,
        after: auditedFields(member),
      })
      return member.id
    })
    return this.find(id)
  },

  async update(id: number, input: MemberInput, actor: Actor) {
    await assertMemberIdFree(input.member_id, id)
    const values = await modelValues(input)
    if (values.principal_id === id) throw new ApiError('A member cannot be its own principal', 422)
    await db.transaction(async (trx) => {
      const member = await Member.find(id, { client: trx })
      if (!member) throw new ApiError('Member not found', 404)
      const before = auditedFields(member)
      member.merge({ ...values, status: input.status ?? member.status })
      if (!member.original_email && values.email) member.original_email = values.email
      await member.save()
      await recordAudit(trx, {
        actor,
        action: 'member.update',
        entityType: 'member',
        entityId: id,
        before,
        after: auditedFields(member),
      })
    })
    return this.find(id)
  },

  /** Refused when money or history depends on the member: migrations, or dependants pointing at it. */
  async delete(id: number, actor: Actor) {
    const member = await Member.find(id)
    if (!member) throw new ApiError('Member not found', 404)
    const [migrations, migrated, dependants] = await Promise.all([
      db.from('migrations').where('member_id', id).first(),
      db.from('migration_members').where('member_id', id).first(),
      db.from('members').where('principal_id', id).first(),
    ])
    if (migrations || migrated)
      throw new ApiError('This member has migrations and cannot be deleted', 409)
    if (dependants)
      throw new ApiError('This member has dependants. Delete or reassign them first.', 409)
    await db.transaction(async (trx) => {
      member.useTransaction(trx)
      await member.delete()
      await recordAudit(trx, {
        actor,
        action: 'member.delete',
        entityType: 'member',
        entityId: id,
        before: auditedFields(member),
      })
    })
  },
}
