import { ApiError } from '#modules/shared/index'

/** A quote that cannot be made from the request (unknown currency, frequency not offered…): always 422. */
export class PricingError extends ApiError {
  constructor(message: string) {
    super(message, 422, { code: 'E_PRICING' })
  }
}
