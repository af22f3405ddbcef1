import { call } from '../httpClient'
import type { ApiAnswer } from '../../../common/api_contract'

/** What members are offered: products and their documents, currencies and rates, email templates. */
export const catalogueMethods = {
  refreshProducts: () =>
    call<ApiAnswer<'/api/admin/products/refresh', 'post'>>('POST', '/admin/products/refresh'),
  productDocuments: () =>
    call<ApiAnswer<'/api/admin/product-documents', 'get'>>('GET', '/admin/product-documents'),
  /** A product's policy conditions or pre-contract information PDF in a language (replaces the older one). */
  uploadProductDocument: (
    productName: string,
    kind: 'conditions' | 'pre_contract',
    language: 'en' | 'de' | 'fr',
    file: File
  ) => {
    const form = new FormData()
    form.append('productName', productName)
    form.append('kind', kind)
    form.append('language', language)
    form.append('file', file)
    return call<ApiAnswer<'/api/admin/product-documents', 'post'>>(
      'POST',
      '/admin/product-documents',
      form
    )
  },
  refreshRates: () =>
    call<ApiAnswer<'/api/currencies/admin/refresh-rates', 'post'>>(
      'POST',
      '/currencies/admin/refresh-rates'
    ),
  schedulerStatus: () =>
    call<ApiAnswer<'/api/currencies/admin/scheduler-status', 'get'>>(
      'GET',
      '/currencies/admin/scheduler-status'
    ),
  emailTemplateVariables: () =>
    call<ApiAnswer<'/api/admin/email-templates/variables', 'get'>>(
      'GET',
      '/admin/email-templates/variables'
    ),
  activateEmailTemplate: (id: number | string) =>
    call<ApiAnswer<'/api/admin/email-templates/{id}/activate', 'post'>>(
      'POST',
      `/admin/email-templates/${id}/activate`
    ),
  previewEmailTemplate: (subject: string, html_content: string) =>
    call<{ subject: string; html: string }>('POST', '/admin/email-templates/preview', {
      subject,
      html_content,
    }),
}
