import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { Alert, Button } from '@mui/material'
import { ERROR_CODES } from '../../../../shared_data/checkout_messages'
import { shopApi } from '../shopApi'
import { useShopText } from '../i18n/useShopText'

export { ERROR_CODES }

/**
 * This tab's checkout was withdrawn because the member opened a newer one elsewhere: say so and
 * take them to the current one (or, when it was paid meanwhile, to where a paid member goes).
 */
export function ReplacedCheckout() {
  const navigate = useNavigate()
  const { t } = useShopText()
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => button.current?.focus(), [])
  const goOn = async () => {
    const { migrationId } = await shopApi.currentCheckout().catch(() => ({ migrationId: null }))
    navigate(migrationId ? `/shop/checkout?migration_id=${migrationId}` : '/shop/select', {
      replace: true,
    })
  }
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="checkout-replaced"
      action={
        <Button ref={button} color="inherit" onClick={goOn} data-testid="go-to-current-checkout">
          {t('checkout.replacedGoOn')}
        </Button>
      }
    >
      {t('checkout.replaced')}
    </Alert>
  )
}
