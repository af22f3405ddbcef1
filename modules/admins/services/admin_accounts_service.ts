import db from '@adonisjs/lucid/services/db'
import { ApiError, matchAny } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import AdminUser from '../models/admin_user.js'
import { PASSWORD_PATTERN } from '../validators.js'

export const ADMINS_PAGE_SIZE = 50

function adminJson(admin: AdminUser) {
  return { id: admin.id, username: admin.username, email: admin.email, created_at: admin.created_at?.toISO() ?? null }
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
  async list(filters: { page?: number; limit?: number; search?: string }) {
    const limit = filters.limit ?? ADMINS_PAGE_SIZE
    const page = filters.page ?? 1
    const query = AdminUser.query()
    const search = filters.search?.trim()
    if (search) {
      query.where((inner) => matchAny(inner, ['username', 'email'], search))
    }
    const total = Number((await query.clone().count('* as total').first())?.$extras.total ?? 0)
    const admins = await query.orderBy('username', 'asc').limit(limit).offset((page - 1) * limit)
    return { admins: admins.map(adminJson), total, page, limit }
  },

  /** The password never reaches the audit trail (adminJson has none). */
  async create(input: { username: string; email: string; password: string }, actor: Actor) {
    assertPasswordStrength(input.password, 'Password must be at least 6 characters')
    await assertUnique(input.username, input.email)
    return db.transaction(async (trx) => {
      const admin = await AdminUser.create(input, { client: trx })
      await recordAudit(trx, { actor, action: 'admin.create', entityType: 'admin', entityId: admin.id, after: adminJson(admin) })
      return adminJson(admin)
    })
  },

  async update(id: number, input: { username: string; email: string }, actor: Actor) {
    await findOrFail(id)
    await assertUnique(input.username, input.email, id)
    return db.transaction(async (trx) => {
      const admin = await AdminUser.find(id, { client: trx })
      if (!admin) throw new ApiError('Admin not found', 404)
      const before = adminJson(admin)
      admin.merge(input)
      await admin.save()
      await recordAudit(trx, { actor, action: 'admin.update', entityType: 'admin', entityId: id, before, after: adminJson(admin) })
      return adminJson(admin)
    })
  },

  /** Recorded as an action without values: a password is never stored in the trail. */
  async changePassword(id: number, newPassword: string, actor: Actor) {
    assertPasswordStrength(newPassword, 'New password must be at least 6 characters')
    await db.transaction(async (trx) => {
      const admin = await AdminUser.find(id, { client: trx })
      if (!admin) throw new ApiError('Admin not found', 404)
      admin.password = newPassword
      await admin.save()
      // Ends every session of this admin (session_guards compares session_version on each request).
      await AdminUser.query({ client: trx }).where('id', id).increment('session_version', 1)
      await recordAudit(trx, { actor, action: 'admin.change_password', entityType: 'admin', entityId: id })
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
      if (Number(remaining?.$extras.total ?? 0) === 0) throw new ApiError('Cannot delete the last admin account', 409)
      await admin.delete()
      await recordAudit(trx, { actor, action: 'admin.delete', entityType: 'admin', entityId: id, before: adminJson(admin) })
    })
  },
}

/** The validators' rule, kept here too so that no caller (CLI, seeder, a future route) can skip it. */
function assertPasswordStrength(password: string, message: string) {
  if (!PASSWORD_PATTERN.test(password)) throw new ApiError(message, 422)
}
