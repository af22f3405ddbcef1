import { useCallback, useEffect, useState } from 'react'
import { Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { ProductCard, type Product } from './ProductCard'
import { useAdminData } from '../../dataProvider'

/** /admin/products: one card per product with its subscription settings. */
export default function ProductsPage() {
  const toast = useToast()
  const dataProvider = useAdminData()
  const handleError = useAdminErrorHandler()
  const [products, setProducts] = useState<Product[] | null>(null)
  const [refreshing, setRefreshing] = useState(false)

  const load = useCallback(async () => {
    try {
      setProducts((await dataProvider.getList<Product>('products', { pagination: { page: 1, perPage: 1000 }, sort: { field: '', order: 'ASC' }, filter: {} })).data)
    } catch (error) {
      handleError(error)
      setProducts([])
    }
  }, [handleError])

  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const refresh = async () => {
    setRefreshing(true)
    try {
      const result = (await dataProvider.refreshProducts()) as { message: string; products: Product[] }
      setProducts(result.products)
      toast.success(result.message)
    } catch (error) {
      handleError(error)
    } finally {
      setRefreshing(false)
    }
  }

  const save = async (draft: Product) => {
    try {
      await dataProvider.update('products', {
        id: draft.id,
        previousData: draft,
        data: {
          subscriptionFrequencies: draft.subscription_frequencies,
          fixedStartDate: draft.fixed_start_date || null,
          fixedEndDate: draft.fixed_end_date || null,
          enforceFixedStartDate: draft.enforce_fixed_start_date,
          enforceFixedEndDate: draft.enforce_fixed_end_date,
          productAlias: draft.product_alias || null,
          planId: draft.plan_id || null,
          disabled: draft.disabled,
        },
      })
      toast.success('Product updated successfully')
    } catch (error) {
      handleError(error)
    }
  }

  return (
    <>
      <PageHeader
        title="Products"
        subtitle="Subscription settings per product: payment frequencies, fixed coverage dates, alias and enrolment plan."
        actions={
          <Button variant="contained" startIcon={<RefreshIcon />} onClick={refresh} disabled={refreshing} data-testid="refresh-products">
            {refreshing ? 'Refreshing...' : 'Refresh Products'}
          </Button>
        }
      />
      {products === null ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      ) : products.length === 0 ? (
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h6">No products yet</Typography>
            <Typography color="text.secondary">Import members, then use Refresh Products to add the products they hold.</Typography>
          </CardContent>
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {products.map((product) => (
            <ProductCard key={`${product.id}-${product.product_name}`} product={product} onSave={save} />
          ))}
        </Box>
      )}
    </>
  )
}
