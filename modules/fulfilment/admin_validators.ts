import vine, { SimpleMessagesProvider } from '@vinejs/vine'

const secret = () => vine.string().trim().maxLength(2000).nullable().optional()

export const apiConfigValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(191),
    endpointUrl: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(1000)
      .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }),
    /** Absent: kept as stored; null: none (the cancellation calls are skipped). */
    cancellationEndpointUrl: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(1000)
      .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false })
      .nullable()
      .optional(),
    authType: vine
      .enum(['none', 'bearer', 'api_key'] as const)
      .nullable()
      .optional(),
    authConfig: vine
      .object({
        token: secret(),
        key: secret(),
        header: vine
          .string()
          .trim()
          .maxLength(100)
          .regex(/^[A-Za-z0-9-]+$/)
          .nullable()
          .optional(),
      })
      .nullable()
      .optional(),
    enabled: vine.boolean().optional(),
  })
)
apiConfigValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Name is required',
  'name.minLength': 'Name is required',
  'endpointUrl.required': 'Endpoint URL is required',
  'endpointUrl.minLength': 'Endpoint URL is required',
  'endpointUrl.url': 'Endpoint URL must be a valid URL',
  'cancellationEndpointUrl.url': 'Cancellation endpoint URL must be a valid URL',
  'cancellationEndpointUrl.minLength': 'Cancellation endpoint URL must be a valid URL',
  'authType.enum': 'Auth type must be none, bearer or api_key',
  'authConfig.header.regex': 'The API key header may only contain letters, digits and dashes',
})

export const idParamValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().positive() })
)
