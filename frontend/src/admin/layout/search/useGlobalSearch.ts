import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useAdminData } from '../../dataProvider'
import { searchGroups } from './searchResults'

const MIN_CHARS = 2
const MAX_CHARS = 100
const DELAY_MS = 250

/** The text once 250 ms passed without a keystroke ('' under 2 characters). */
function useDebounced(text: string) {
  const trimmed = text.trim().slice(0, MAX_CHARS)
  const [settled, setSettled] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSettled(trimmed.length >= MIN_CHARS ? trimmed : ''), DELAY_MS)
    return () => clearTimeout(timer)
  }, [trimmed])
  return { trimmed, settled }
}

/**
 * The app bar's search as the text is typed: debounced, one request per settled text (answers kept
 * 10 s), the groups of the answer for the text shown, and whether that answer is still coming.
 */
export function useGlobalSearch(text: string) {
  const dataProvider = useAdminData()
  const { trimmed, settled } = useDebounced(text)
  const { data, error, isFetching } = useQuery({
    queryKey: ['global-search', settled],
    queryFn: () => dataProvider.globalSearch(settled),
    enabled: settled !== '',
    staleTime: 10_000,
    retry: false,
  })
  const active = trimmed.length >= MIN_CHARS
  const current = active && settled === trimmed
  return {
    active,
    loading: active && (!current || (isFetching && !data)),
    error: current && !isFetching ? error : null,
    groups: current && data ? searchGroups(data) : [],
    answered: current && !!data && !isFetching,
  }
}
