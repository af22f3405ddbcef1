import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useAdminTools } from './useAdminTools'

type Success<R, A> = string | ((answer: R, arg: A) => string)

/**
 * A call that changes something (react-query's useMutation): on success the spec's toast, then every
 * query reloads (react-admin's refresh; the call stays pending until they have); a failure goes to
 * the shared error handler, with the spec's prefix when `failed` is given. `key` names the mutation (useIsMutating).
 */
export function useAdminMutation<R, A = void>(
  call: (arg: A) => Promise<R>,
  success: Success<R, A>,
  failed?: string,
  key?: string[]
) {
  const { toast, handleError } = useAdminTools()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: key,
    mutationFn: call,
    onSuccess: (answer, arg) => {
      toast.success(typeof success === 'string' ? success : success(answer, arg))
      return queryClient.invalidateQueries()
    },
    onError: (error) => handleError(error, failed),
  })
}
