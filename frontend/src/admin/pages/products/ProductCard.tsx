import { useEffect } from 'react'
import { Form, SaveButton, useUpdate } from 'react-admin'
import { useFormState } from 'react-hook-form'
import { Card, CardActions } from '@mui/material'
import SaveIcon from '@mui/icons-material/SaveOutlined'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { submissionErrors } from '../../components/formErrors'
import { useAdminTools } from '../../components/useAdminTools'
import { ProductFields, type Product } from './ProductFields'
import { MissingDocumentsAlert } from './MissingDocumentsAlert'

export type { Product }

/** A reload of the list (another card saved) keeps this card's pending edits; a constant, as a new object would reset the form on every render. */
const KEEP_EDITS = { keepDirtyValues: true }

/** The API's field names (422 `errors`) → the card's inputs. */
const SOURCES = {
  subscriptionFrequencies: 'subscription_frequencies',
  fixedStartDate: 'fixed_start_date',
  fixedEndDate: 'fixed_end_date',
  productAlias: 'product_alias',
  planId: 'plan_id',
}

/** The spec's PUT body (admin-backoffice.md §7); empty texts are sent as null. */
const toPayload = (product: Product) => ({
  subscriptionFrequencies: product.subscription_frequencies,
  fixedStartDate: product.fixed_start_date || null,
  fixedEndDate: product.fixed_end_date || null,
  enforceFixedStartDate: product.enforce_fixed_start_date,
  enforceFixedEndDate: product.enforce_fixed_end_date,
  productAlias: product.product_alias || null,
  planId: product.plan_id || null,
  disabled: product.disabled,
})

/** Tells the page whether this card has unsaved edits (one unsaved-changes warning for all cards). */
function DirtyReporter({
  id,
  onDirty,
}: {
  id: number
  onDirty: (id: number, dirty: boolean) => void
}) {
  const { isDirty } = useFormState()
  useEffect(() => onDirty(id, isDirty), [id, isDirty, onDirty])
  useEffect(() => () => onDirty(id, false), [id, onDirty])
  return null
}

/** One product's subscription settings: a react-admin form saved with the card's Save Changes. */
export function ProductCard({
  record,
  onDirty,
}: {
  record: Product
  onDirty: (id: number, dirty: boolean) => void
}) {
  const { toast, handleError } = useAdminTools()
  const [update] = useUpdate<Product>()

  const save = async (values: Record<string, any>) => {
    try {
      await update(
        'products',
        { id: record.id, data: toPayload(values as Product), previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true }
      )
      toast.success('Product updated successfully')
    } catch (error) {
      const fieldErrors = submissionErrors(error, SOURCES)
      if (fieldErrors) return fieldErrors
      await handleError(error)
    }
  }

  return (
    <Card
      data-testid={`product-card-${record.id}`}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      {record.disabled || !record.product_name ? null : (
        <MissingDocumentsAlert productName={record.product_name} />
      )}
      <Form record={record} onSubmit={save} resetOptions={KEEP_EDITS} noValidate>
        <DirtyReporter id={record.id} onDirty={onDirty} />
        <ProductFields name={record.product_name} storedEnd={record.fixed_end_date} />
        <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
          <HistoryPanel entityType="product" entityId={record.id} variant="button" />
          <SaveButton label="Save Changes" icon={<SaveIcon />} data-testid="product-save" />
        </CardActions>
      </Form>
    </Card>
  )
}
