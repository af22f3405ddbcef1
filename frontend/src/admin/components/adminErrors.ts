import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'

/**
 * Error handling of the migrations, subscriptions and unmigrated-users
 * screens (admin-backoffice.md §6): a message containing "Admin" (the
 * session is gone) sends the user to /admin/login; anything else is a toast.
 */
export function useAdminErrorHandler() {
  const navigate = useNavigate()
  const toast = useToast()
  return useCallback(
    (error: unknown, fallback?: string) => {
      const message = errorMessage(error)
      if (message.includes('Admin')) {
        navigate('/admin/login')
        return
      }
      toast.error(fallback ? `${fallback}: ${message}` : message)
    },
    [navigate, toast]
  )
}
