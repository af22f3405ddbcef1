import type { ReactNode } from 'react'
import { Confirm, useDelete, type RaRecord } from 'react-admin'
import { useAdminTools } from './useAdminTools'

/**
 * The spec's delete question for one record (open while `record` is set). Yes deletes it through
 * the dataProvider, toasts `success` and reloads the list; a failure goes to `onError` (default:
 * the shared error handler). The dialog closes either way.
 */
export function DeleteConfirm<T extends RaRecord>(props: {
  /** The resource of the record; the page's own (its <Resource>) when not given. */
  resource?: string
  record: T | null
  title: string
  content: ReactNode
  success: string
  onClose: () => void
  onDeleted?: () => void
  onError?: (error: unknown) => unknown
}) {
  const [deleteOne, { isPending }] = useDelete()
  const { refresh, toast, handleError } = useAdminTools()
  const { record, onClose } = props

  const remove = () => {
    if (!record) return
    deleteOne(
      props.resource,
      { id: record.id, previousData: record },
      {
        onSuccess: () => {
          toast.success(props.success)
          props.onDeleted?.()
          refresh()
        },
        onError: (error) => void (props.onError ?? handleError)(error),
        onSettled: () => onClose(),
      }
    )
  }
  return (
    <Confirm
      isOpen={record !== null}
      title={props.title}
      content={props.content}
      confirm="Delete"
      loading={isPending}
      onConfirm={remove}
      onClose={onClose}
    />
  )
}
