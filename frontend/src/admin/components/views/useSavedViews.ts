import { useListContext } from 'react-admin'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAdminTools } from '../useAdminTools'
import { sameParams, viewParams, type SavedView } from './savedViewParams'

/**
 * The list's saved views (the signed-in administrator's, from the server, so they follow them to
 * every device), the one matching the list's state, and save / apply / delete.
 */
export function useSavedViews() {
  const { resource, filterValues, sort, perPage, setFilters, setSort, setPerPage } =
    useListContext()
  const { dataProvider, toast, handleError } = useAdminTools()
  const queryClient = useQueryClient()
  const queryKey = ['saved-views', resource]
  const views = useQuery({
    queryKey,
    queryFn: () => dataProvider.savedViews(resource).then((answer) => answer.views),
  })
  const reload = () => queryClient.invalidateQueries({ queryKey })
  const current = viewParams(filterValues, sort, perPage)
  const active = (views.data ?? []).find((view) => sameParams(view.listParams, current)) ?? null

  const remove = useMutation({
    mutationFn: (view: SavedView) => dataProvider.deleteSavedView(view.id),
    onSuccess: (_answer, view) => {
      toast.success(`View "${view.name}" deleted`)
      return reload()
    },
    onError: (error) => handleError(error, 'Failed to delete the view'),
  })

  return {
    views,
    active,
    /** Saves the list's state under `name` (the same name replaces that view). */
    save: async (name: string) => {
      await dataProvider.saveView({ resource, name, listParams: current })
      toast.success(`View "${name}" saved`)
      await reload()
    },
    /** Shows the view's rows: its sort, page size and filters (the page goes back to 1). */
    apply: (view: SavedView) => {
      setSort({ field: view.listParams.sort, order: view.listParams.order })
      setPerPage(view.listParams.perPage)
      setFilters(
        view.listParams.filter,
        Object.fromEntries(Object.keys(view.listParams.filter).map((key) => [key, true]))
      )
    },
    remove: (view: SavedView) => remove.mutate(view),
  }
}
