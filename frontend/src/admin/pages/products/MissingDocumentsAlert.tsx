import { useQuery } from '@tanstack/react-query'
import { useCanAccess } from 'react-admin'
import { Alert } from '@mui/material'
import { useAdminData } from '../../dataProvider'

const KIND_WORDS = { conditions: 'policy conditions', pre_contract: 'pre-contract information' }

/**
 * Warns on a product's card when it lacks its policy conditions or pre-contract information: its
 * members cannot pay online then (the server refuses the checkout). Read from the Doc Templates
 * screen's list, for the roles that manage templates.
 */
export function MissingDocumentsAlert({ productName }: { productName: string }) {
  const dataProvider = useAdminData()
  const { canAccess } = useCanAccess({ resource: 'templates', action: 'list' })
  const { data } = useQuery({
    queryKey: ['product-documents'],
    queryFn: async () => (await dataProvider.productDocuments()).documents,
    enabled: canAccess === true,
  })
  if (!data) return null
  const present = new Set(data.filter((d) => d.productName === productName).map((d) => d.kind))
  const missing = (Object.keys(KIND_WORDS) as (keyof typeof KIND_WORDS)[]).filter(
    (kind) => !present.has(kind)
  )
  if (missing.length === 0) return null
  return (
    <Alert severity="warning" sx={{ mx: 2, mt: 2 }} data-testid="product-documents-missing">
      {`Members of this product cannot pay online: its ${missing.map((kind) => KIND_WORDS[kind]).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing. Upload ${missing.length > 1 ? 'them' : 'it'} on the Doc Templates screen.`}
    </Alert>
  )
}
