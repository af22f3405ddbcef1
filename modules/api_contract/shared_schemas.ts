import { Type, type SchemaOptions, type Static, type TSchema } from '@sinclair/typebox'
import type { JsonSchema } from './vine_json_schema.js'

/** Keywords whose value is data, not a schema. */
const VALUES = new Set(['const', 'enum', 'examples', 'default', 'required'])

/**
 * Answer schemas are TypeBox definitions (plain JSON Schema objects with a
 * TypeScript type). A definition given an `$id` is a shared shape: the
 * document lists it once in components.schemas and every use becomes a
 * `$ref` to it, never a copy.
 */
export function publishSchema(
  schema: JsonSchema,
  components: Record<string, JsonSchema>
): JsonSchema {
  if (Array.isArray(schema)) return schema.map((item) => publishSchema(item, components))
  if (!schema || typeof schema !== 'object') return schema
  // Object.keys leaves TypeBox's symbol keys (its Kind) out of the document.
  const copy: JsonSchema = {}
  for (const key of Object.keys(schema)) {
    if (key === '$id') continue
    copy[key] = VALUES.has(key) ? schema[key] : publishSchema(schema[key], components)
  }
  const id = schema.$id
  if (typeof id !== 'string') return copy
  if (components[id] && JSON.stringify(components[id]) !== JSON.stringify(copy))
    throw new Error(`Two different schemas are named ${id}`)
  components[id] = copy
  return { $ref: `#/components/schemas/${id}` }
}

/** One failed rule of a 422 answer (Vine's error: the first one is also the answer's `error`). */
export const ValidationIssue = Type.Object(
  {
    message: Type.String(),
    /** Vine's rule; a check made after validation (settings values) names only the field. */
    rule: Type.Optional(Type.String()),
    field: Type.String(),
    index: Type.Optional(Type.Number()),
    meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { $id: 'ValidationIssue' }
)

/** The answer of an action that only confirms: `success` and the words to show. */
export const MessageAnswer = Type.Object(
  {
    success: Type.Boolean(),
    message: Type.String(),
  },
  { $id: 'MessageAnswer' }
)
export type MessageAnswer = Static<typeof MessageAnswer>

/** One installment of a price's schedule, as the shop and the back-office show it (modules/pricing). */
export const InstallmentSchedule = Type.Object(
  {
    paymentNumber: Type.Number(),
    amount: Type.Number(),
    dueDate: Type.String(),
    isReconciliation: Type.Boolean(),
  },
  { $id: 'InstallmentSchedule' }
)
export type InstallmentSchedule = Static<typeof InstallmentSchedule>

/** Which payment frequencies are on (a product's, or the ones offered to a member). */
export const SubscriptionFrequency = Type.Object(
  {
    'disabled': Type.Boolean(),
    'monthly': Type.Boolean(),
    'quarterly': Type.Boolean(),
    'semi-annual': Type.Boolean(),
    'annual': Type.Boolean(),
  },
  { $id: 'SubscriptionFrequency' }
)
export type SubscriptionFrequency = Static<typeof SubscriptionFrequency>

/** X or null: the one spelling of a nullable answer field (the document gets `anyOf: [X, null]`). */
export function Nullable<T extends TSchema>(schema: T, options?: SchemaOptions) {
  return Type.Union([schema, Type.Null()], options)
}

/**
 * Any JSON value, as another system sent it (an insurer's answer stored verbatim): the one answer
 * schema whose objects may hold any field, since this project does not choose them.
 */
export function ForeignJson(options?: SchemaOptions) {
  return Type.Unsafe<unknown>({
    ...options,
    type: ['object', 'array', 'string', 'number', 'boolean', 'null'],
  })
}
