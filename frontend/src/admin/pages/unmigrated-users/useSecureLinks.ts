import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { describeError } from '../../components/adminErrors'
import { copyText } from './clipboard'
import type { IssuedLink } from './types'
import { useAdminTools } from '../../components/useAdminTools'

/** What Generate Links acts on: the selected members, else the list's search (the server lists the same members). */
export type LinkScope = { search?: string; memberIds?: number[] }

/**
 * Secure links generated in this session, by member id. The server keeps
 * only hashes, so a link can be shown and copied only after generating it;
 * copying a row without one generates it on demand.
 */
export function useSecureLinks(onGenerated: () => void) {
  const { toast, sessionEnded, dataProvider } = useAdminTools()
  const [links, setLinks] = useState<Map<number, IssuedLink>>(new Map())

  // A link issued for a member (the contract allows a null memberId): kept per member.
  const isMemberLink = <Link extends { memberId: number | null }>(
    link: Link
  ): link is Link & { memberId: number } => link.memberId !== null
  const remember = (issued: IssuedLink[]) =>
    setLinks(
      (current) => new Map([...current, ...issued.map((link) => [link.memberId, link] as const)])
    )

  async function generate(memberId: number): Promise<IssuedLink | null> {
    try {
      // The link of the member asked for (the answer's memberId is nullable in the contract).
      const link: IssuedLink = { ...(await dataProvider.generateToken(memberId)), memberId }
      remember([link])
      onGenerated()
      return link
    } catch (error) {
      if (!(await sessionEnded(error))) toast.error('Failed to generate secure token')
      return null
    }
  }

  async function copy(memberId: number) {
    const link = links.get(memberId) ?? (await generate(memberId))
    if (!link) return
    try {
      await copyText(link.secureLink)
      toast.success('Secure link copied to clipboard!')
    } catch {
      toast.error('Could not copy the link. Select it and copy it by hand.')
    }
  }

  const { mutate: generateAll, isPending: busy } = useMutation({
    mutationFn: (scope: LinkScope) => dataProvider.generateBulkTokens(scope),
    onSuccess: (answer) => {
      remember(answer.links.filter(isMemberLink))
      toast.success(
        `Generated ${answer.count} secure tokens (expires in ${answer.expirationDays} days)!`
      )
      if (answer.blocked > 0)
        toast.info(
          answer.blocked === 1
            ? '1 blocked member was skipped'
            : `${answer.blocked} blocked members were skipped`
        )
      onGenerated()
    },
    onError: async (error) => {
      if (!(await sessionEnded(error)))
        toast.error(`Failed to generate tokens: ${describeError(error)}`)
    },
  })

  return { links, busy, generate, copy, generateAll: (scope: LinkScope) => generateAll(scope) }
}
