import { Command } from 'commander'
import { promptsOf } from '../../prompts.js'
import { handled } from '../../errors.js'
import { say, type CliContext } from '../../context.js'
import { valueOrPrompt } from '../../terminal.js'

export const createAdminCommand = (ctx: CliContext) =>
  new Command('create')
    .description('Create an administrator account (asks for what is not given)')
    .option('--username <username>')
    .option('--email <email>')
    .option(
      '--password <password>',
      'at least 12 characters, not a common password, not a word and a year like Summer2024 (prefer the prompt: flags end up in shell history)'
    )
    .option(
      '--enrolment-link',
      'also print a single-use link (72 hours) to sign in and set up a second factor'
    )
    .option(
      '--role <role>',
      'owner (default), operations, finance or support (docs/security.md "Roles")'
    )
    .action(
      handled(
        ctx,
        async (options: {
          username?: string
          email?: string
          password?: string
          enrolmentLink?: boolean
          role?: string
        }) => {
          const username = await valueOrPrompt(ctx, options.username, '--username', () =>
            promptsOf(ctx).input({ message: 'Username:' })
          )
          const email = await valueOrPrompt(ctx, options.email, '--email', () =>
            promptsOf(ctx).input({ message: 'Email:' })
          )
          const secret = await valueOrPrompt(ctx, options.password, '--password', () =>
            promptsOf(ctx).password({ message: 'Password (min. 12 characters):', mask: '*' })
          )
          // The account is one insert: before it Ctrl-C leaves nothing, after it the account is there.
          let created: string | null = null
          ctx.interrupts.during({
            report: () =>
              created
                ? `the administrator ${created} was created; no enrolment link was issued.`
                : 'no administrator was created.',
          })
          await ctx.withApp(async () => {
            const { adminAccountsService, createAdminValidator } = await import(
              '#modules/admins/index'
            )
            const { cliActor } = await import('#modules/audit/index')
            const valid = await createAdminValidator.validate({
              username,
              email,
              password: secret,
              role: options.role,
            })
            const admin = await adminAccountsService.create(valid, cliActor())
            created = admin.username
            say(
              ctx,
              `Admin created successfully: ${admin.username} <${admin.email}> (${admin.role})`
            )
            if (!options.enrolmentLink) return
            const { issueEnrolmentLink, ENROLMENT_LINK_HOURS } = await import('#modules/auth/index')
            const { frontendUrl } = await import('#modules/settings/index')
            const { token } = await issueEnrolmentLink(admin.id)
            say(
              ctx,
              `Enrolment link (single use, valid ${ENROLMENT_LINK_HOURS} hours): ${await frontendUrl()}/admin/login?enrolment=${encodeURIComponent(token)}`
            )
          })
        }
      )
    )
