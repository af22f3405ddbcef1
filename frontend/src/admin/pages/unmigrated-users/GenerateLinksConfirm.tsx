import { Confirm } from 'react-admin'
import { generateLinksText, plural, type LinkPlan } from './linkTexts'
import type { LinkScope } from './useSecureLinks'

/** Generate Links' question: how many links, for whom, and that earlier links stop working. */
export function GenerateLinksConfirm({
  plan,
  onGenerate,
  onClose,
}: {
  plan: LinkPlan | null
  onGenerate: (scope: LinkScope) => void
  onClose: () => void
}) {
  return (
    <Confirm
      isOpen={plan !== null}
      title="Generate secure links?"
      content={plan ? generateLinksText(plan) : ''}
      confirm={plural(plan?.count ?? 0, 'Generate 1 link', 'Generate {n} links')}
      onConfirm={() => {
        onGenerate(plan!.scope)
        onClose()
      }}
      onClose={onClose}
    />
  )
}
