import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ApiError, matchAny } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import AdminUser from '../models/admin_user.js'
import hash from '@adonisjs/core/services/hash'
import { PASSWORD_PATTERN, type AdminRole } from '../validators.js'
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  isWordAndYear,
  WORD_YEAR_MESSAGE,
} from './common_passwords.js'

const ADMINS_PAGE_SIZE = 50

function adminJson(admin: AdminUser) {
  return {
    id: admin.id,
    username: admin.username,
    email: admin.email,
    role: admin.role ?? 'owner',
    created_at: admin.created_at?.toISO() ?? null,
  }
}

async function findOrFail(id: number) {
  const admin = await AdminUser.find(id)
  if (!admin) throw new ApiError('Admin not found', 404)
  return admin
}

/** Usernames and emails are unique, compared without regard to case. */
async function assertUnique(username: string, email: string, exceptId?: number) {
  const taken = async (column: 'username' | 'email', value: string) => {
    const query = AdminUser.query().whereRaw(`lower(${column}) = ?`, [value.toLowerCase()])
    if (exceptId) query.whereNot('id', exceptId)
    return Boolean(await query.first())
  }
  if (await taken('username', username)) throw new ApiError('Username already exists', 409)
  if (await taken('email', email)) throw new ApiError('Email already exists', 409)
}

/** Administrator accounts (admin-backoffice.md, Admins). */
export const adminAccountsService = {
  /** A page of administrators; `sort` a column of ADMIN_SORTS (a few rows: no index needed), ties by id. */
  async list(filters: {
    page?: number
    limit?: number
    search?: string
    sort?: string
    direction?: 'asc' | 'desc'
  }) {
    const limit = filters.limit ?? ADMINS_PAGE_SIZE
    const page = filters.page ?? 1
    const query = AdminUser.query()
    const search = filters.search?.trim()
    if (search) {
      query.where((inner) => matchAny(inner, ['username', 'email'], search))
    }
    const total = Number((await query.clone().count('* as total').first())?.$extras.total ?? 0)
    const admins = await query
      .orderBy(filters.sort ?? 'username', filters.direction ?? 'asc')
      .orderBy('id', filters.direction ?? 'asc')
      .limit(limit)
      .offset((page - 1) * limit)
    return { admins: admins.map(adminJson), total, page, limit }
  },

  /** The password never reaches the audit trail (adminJson has none). Without a role: an Owner. */
  async create(
    input: { username: string; email: string; password: string; role?: AdminRole },
    actor: Actor
  ) {
    assertPasswordStrength(input.password, 'Password', 'password')
    await assertUnique(input.username, input.email)
    return db.transaction(async (trx) => {
      const admin = await AdminUser.create(
        { ...input, role: input.role ?? 'owner' },
        { client: trx }
      )
      await recordAudit(trx, {
        actor,
        action: 'admin.create',
        entityType: 'admin',
        entityId: admin.id,
        after: adminJson(admin),
      })
      return adminJson(admin)
    })
  },

  /** A role change ends every session of that admin; the last Owner keeps the role. */
  async update(
    id: number,
    input: { username: string; email: string; role?: AdminRole },
    actor: Actor
  ) {
    await findOrFail(id)
    await assertUnique(input.username, input.email, id)
    return db.transaction(async (trx) => {
      const admin = await AdminUser.find(id, { client: trx })
      if (!admin) throw new ApiError('Admin not found', 404)
      const before = adminJson(admin)
      const roleChanged = input.role !== undefined && input.role !== admin.role
      if (roleChanged && admin.role === 'owner') await assertAnotherOwner(trx, id)
      admin.merge({
        username: input.username,
        email: input.email,
        ...(input.role ? { role: input.role } : {}),
      })
      await admin.save()
      if (roleChanged)
        await AdminUser.query({ client: trx }).where('id', id).increment('session_version', 1)
      await recordAudit(trx, {
        actor,
        action: 'admin.update',
        entityType: 'admin',
        entityId: id,
        before,
        after: adminJson(admin),
      })
      return adminJson(admin)
    })
  },

  /**
   * Recorded as an action without values: a password is never stored in the trail. An
   * administrator changing their own (`actingAdminId === id`) gives the current one (ASVS
   * 2.1.6); an Owner resetting another's does not (the route's role check, roles.ts).
   */
  async changePassword(
    id: number,
    input: { newPassword: string; currentPassword?: string },
    actingAdminId: number | null,
    actor: Actor
  ) {
    const newPassword = input.newPassword
    assertPasswordStrength(newPassword, 'New password', 'newPassword')
    await db.transaction(async (trx) => {
      const admin = await AdminUser.find(id, { client: trx })
      if (!admin) throw new ApiError('Admin not found', 404)
      if (actingAdminId === id) {
        if (!input.currentPassword)
          throw new ApiError('Please enter your current password', 422, {
            field: 'currentPassword',
          })
        if (!(await hash.use('scrypt').verify(admin.password, input.currentPassword)))
          throw new ApiError('Current password is incorrect', 422, { field: 'currentPassword' })
      }
      admin.password = newPassword
      await admin.save()
      // Ends every session of this admin (session_guards compares session_version on each request).
      await AdminUser.query({ client: trx }).where('id', id).increment('session_version', 1)
      await recordAudit(trx, {
        actor,
        action: 'admin.change_password',
        entityType: 'admin',
        entityId: id,
      })
    })
  },

  /** An admin cannot delete their own account, and the last account always stays. */
  async delete(id: number, actingAdminId: number, actor: Actor) {
    if (id === actingAdminId) throw new ApiError('You cannot delete your own account', 422)
    await db.transaction(async (trx) => {
      const admin = await AdminUser.find(id, { client: trx })
      if (!admin) throw new ApiError('Admin not found', 404)
      const others = AdminUser.query({ client: trx }).whereNot('id', id)
      // Locks the other rows on MariaDB so two deletions cannot both remove "the other" admin; SQLite has one writer anyway.
      if (!trx.dialect.name.includes('sqlite')) others.forUpdate()
      const remaining = await others.count('* as total').first()
      if (Number(remaining?.$extras.total ?? 0) === 0)
        throw new ApiError('Cannot delete the last admin account', 409)
      if (admin.role === 'owner') await assertAnotherOwner(trx, id)
      await admin.delete()
      await recordAudit(trx, {
        actor,
        action: 'admin.delete',
        entityType: 'admin',
        entityId: id,
        before: adminJson(admin),
      })
    })
  },
}

/** At least PASSWORD_LENGTH characters that are not spaces (docs/security.md "Passwords"). */
const PASSWORD_LENGTH = 12
const LONG_ENOUGH = new RegExp(`^(?:\\s*\\S){${PASSWORD_LENGTH}}`)

/**
 * The one password rule for administrators, here so that no caller (API, CLI, seeder, a future
 * route) can skip it: the validators' six characters (with the specification's message), the
 * common-password list, the word-plus-year pattern (their messages say more than a length), then twelve. `label`: "Password" or "New password".
 */
function assertPasswordStrength(password: string, label: string, field: string) {
  if (!PASSWORD_PATTERN.test(password))
    throw new ApiError(`${label} must be at least 6 characters`, 422, { field })
  if (isCommonPassword(password)) throw new ApiError(COMMON_PASSWORD_MESSAGE, 422, { field })
  if (isWordAndYear(password)) throw new ApiError(WORD_YEAR_MESSAGE, 422, { field })
  if (!LONG_ENOUGH.test(password))
    throw new ApiError(`${label} must be at least ${PASSWORD_LENGTH} characters`, 422, { field })
}

/** At least one Owner always remains (only an Owner manages administrators). */
async function assertAnotherOwner(trx: TransactionClientContract, exceptId: number) {
  const others = await AdminUser.query({ client: trx })
    .where('role', 'owner')
    .whereNot('id', exceptId)
    .count('* as total')
    .first()
  if (Number(others?.$extras.total ?? 0) === 0)
    throw new ApiError('At least one Owner must remain', 409)
}
