import { Bouncer } from '@adonisjs/bouncer'
import type { AdminRole } from './validators.js'

/**
 * What an administrator may do, by role (docs/security.md "Roles"). A route names one of these
 * abilities in route_abilities.ts; the sentence completes "Your role (Support) cannot …".
 */
const ABILITIES = {
  'account.self': 'use their own account',
  'dashboard.view': 'see the dashboard',
  'settings.view': 'read the settings',
  'settings.manage': 'change settings, products, currencies, branding or API configurations',
  'admins.manage': 'manage administrators',
  'admins.password': "change another administrator's password",
  'audit.view': 'read the audit trail',
  'database.clean': 'clean the database',
  'members.view': 'see members',
  'members.manage': 'change members or their email overrides',
  'members.erase': "erase a member's personal data",
  'migrations.view': 'see migrations',
  'migrations.manage': 'block migrations, retry their steps or replay their messages',
  'imports.manage': 'import members',
  'invitations.send': 'send invitations',
  'links.generate': 'generate secure links',
  'emails.resend': 'resend emails',
  'templates.manage': 'see or edit templates',
  'subscriptions.view': 'see subscriptions',
  'subscriptions.manage': 'review subscriptions',
  'finance.manage': 'use the finance area',
  'refunds.manage': 'refund payments',
  'exports.download': 'download finance exports',
} as const
export type Ability = keyof typeof ABILITIES

const ROLE_LABELS: Record<AdminRole, string> = {
  owner: 'Owner',
  operations: 'Operations',
  finance: 'Finance',
  support: 'Support',
}

const EVERYONE: Ability[] = ['account.self', 'dashboard.view', 'settings.view', 'migrations.view']

/** The four roles; an Owner may do everything. */
const ROLE_ABILITIES: Record<AdminRole, ReadonlySet<Ability>> = {
  owner: new Set(Object.keys(ABILITIES) as Ability[]),
  operations: new Set([
    ...EVERYONE,
    'members.view',
    'members.manage',
    'migrations.manage',
    'imports.manage',
    'invitations.send',
    'links.generate',
    'emails.resend',
    'templates.manage',
  ]),
  finance: new Set([
    ...EVERYONE,
    'subscriptions.view',
    'subscriptions.manage',
    'finance.manage',
    'refunds.manage',
    'exports.download',
  ]),
  support: new Set([...EVERYONE, 'members.view', 'emails.resend', 'links.generate']),
}

interface RoleHolder {
  id: number
  role: AdminRole
}

function roleOf(admin: { role?: AdminRole | null }): AdminRole {
  return admin.role ?? 'owner'
}

/** Bouncer abilities, one per entry of ABILITIES; `admins.password` also allows one's own password. */
const bouncerAbilities = Object.fromEntries(
  (Object.keys(ABILITIES) as Ability[]).map((ability) => [
    ability,
    Bouncer.ability(
      (admin: RoleHolder, targetId?: number) =>
        ROLE_ABILITIES[roleOf(admin)].has(ability) ||
        (ability === 'admins.password' && targetId === admin.id)
    ),
  ])
) as Record<
  Ability,
  ReturnType<typeof Bouncer.ability<(admin: RoleHolder, targetId?: number) => boolean>>
>

/** True when the administrator's role allows the ability (targetId: the account a password route is about). */
export async function adminCan(admin: RoleHolder, ability: Ability, targetId?: number) {
  return new Bouncer(admin).allows(bouncerAbilities[ability], targetId)
}

/** The abilities of a role, for the back-office's canAccess (what to hide). */
export function abilitiesOf(admin: { role?: AdminRole | null }): Ability[] {
  return [...ROLE_ABILITIES[roleOf(admin)]]
}

/**
 * What a refused read (GET) of a route under a "manage" ability says instead: a Support
 * administrator opening email overrides is not told they "cannot change" them.
 */
const READ_WORDING: Partial<Record<Ability, string>> = {
  'settings.manage': 'see settings, products, currencies, branding or API configurations',
  'members.manage': "see members' email overrides",
}

/** "Your role (Support) cannot clean the database"; a GET says what cannot be seen. */
export function deniedMessage(
  admin: { role?: AdminRole | null },
  ability: Ability,
  method?: string
) {
  const what = (method === 'GET' && READ_WORDING[ability]) || ABILITIES[ability]
  return `Your role (${ROLE_LABELS[roleOf(admin)]}) cannot ${what}`
}
