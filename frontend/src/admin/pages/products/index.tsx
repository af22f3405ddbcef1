import { useCallback, useState } from 'react'
import { ListBase, useListContext } from 'react-admin'
import { Box, Button, Skeleton } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import { PageHeader } from '../../components/PageHeader'
import { EmptyCard } from '../../components/EmptyCard'
import { useAdminMutation } from '../../components/useAdminMutation'
import { ListError, ListFetching } from '../../components/list/ListStates'
import { useWarnWhenDirty } from '../../components/useWarnWhenDirty'
import { useAdminData } from '../../dataProvider'
import { ProductCard, type Product } from './ProductCard'

const GRID = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }

/**
 * The cards, in the list's states: loading (bar and skeleton cards), error with Retry, empty, or one
 * form per product. Each card is its own react-admin form; leaving with any card's edits unsaved asks
 * once (react-router keeps one navigation blocker, so the cards report to the page's warning).
 */
function ProductCards() {
  const { data, isPending, error } = useListContext<Product>()
  const [dirtyCards, setDirtyCards] = useState<Record<number, boolean>>({})
  const onDirty = useCallback(
    (id: number, dirty: boolean) =>
      setDirtyCards((all) => (all[id] === dirty ? all : { ...all, [id]: dirty })),
    []
  )
  useWarnWhenDirty(Object.values(dirtyCards).some(Boolean))

  if (error) return <ListError what="products" />
  if (isPending) return <Skeleton variant="rounded" height={420} data-testid="products-loading" />
  if (data.length === 0) {
    const text = 'Import members, then use Refresh Products to add the products they hold.'
    return <EmptyCard testId="products-empty" title="No products yet" text={text} />
  }
  return (
    <Box sx={GRID}>
      {data.map((product) => (
        <ProductCard
          key={`${product.id}-${product.product_name}`}
          record={product}
          onDirty={onDirty}
        />
      ))}
    </Box>
  )
}

/** /admin/products: one card per product with its subscription settings. */
export default function ProductsPage() {
  const dataProvider = useAdminData()
  const refreshProducts = () => dataProvider.refreshProducts()
  const { mutate, isPending: refreshing } = useAdminMutation(
    refreshProducts,
    (answer) => answer.message
  )

  return (
    <>
      <PageHeader
        title="Products"
        subtitle="Subscription settings per product: payment frequencies, fixed coverage dates, alias and enrolment plan."
        actions={
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            onClick={() => mutate()}
            disabled={refreshing}
            data-testid="refresh-products"
          >
            {refreshing ? 'Refreshing...' : 'Refresh Products'}
          </Button>
        }
      />
      {/* The API sends every product, ordered by name: no paging or sorting to keep in the URL. */}
      <ListBase perPage={1000} sort={{ field: '', order: 'ASC' }} disableSyncWithLocation>
        <ListFetching />
        <ProductCards />
      </ListBase>
    </>
  )
}
