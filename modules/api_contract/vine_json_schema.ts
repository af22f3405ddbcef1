import vine, { VineValidator } from '@vinejs/vine'

export type JsonSchema = Record<string, any>

type RuleName =
  | 'email'
  | 'url'
  | 'uuid'
  | 'regex'
  | 'minLength'
  | 'maxLength'
  | 'fixedLength'
  | 'min'
  | 'max'
  | 'range'
  | 'positive'
  | 'negative'
  | 'withoutDecimals'
  | 'in'
  | 'notIn'
  | 'distinct'
  | 'notEmpty'
  | 'arrayMinLength'
  | 'arrayMaxLength'
  | 'arrayFixedLength'
  | 'other'

/**
 * Vine keeps no rule names in a compiled schema, only each rule's validator
 * function (shared by every use of the rule) and its options. Compiling one
 * probe of each rule tells which function is which rule.
 */
const RULES = (() => {
  const probes: [RuleName, any][] = [
    ['email', vine.string().email()],
    ['url', vine.string().url()],
    ['uuid', vine.string().uuid()],
    ['regex', vine.string().regex(/x/)],
    ['minLength', vine.string().minLength(1)],
    ['maxLength', vine.string().maxLength(1)],
    ['fixedLength', vine.string().fixedLength(1)],
    ['in', vine.string().in(['x'])],
    ['notIn', vine.string().notIn(['x'])],
    ['min', vine.number().min(1)],
    ['max', vine.number().max(1)],
    ['range', vine.number().range([0, 1])],
    ['positive', vine.number().positive()],
    ['negative', vine.number().negative()],
    ['withoutDecimals', vine.number().withoutDecimals()],
    ['arrayMinLength', vine.array(vine.any()).minLength(1)],
    ['arrayMaxLength', vine.array(vine.any()).maxLength(1)],
    ['arrayFixedLength', vine.array(vine.any()).fixedLength(1)],
    ['distinct', vine.array(vine.any()).distinct()],
    ['notEmpty', vine.array(vine.any()).notEmpty()],
  ]
  const byFunction = new Map<unknown, RuleName>()
  for (const [name, schema] of probes) {
    // The type check comes first, the probed rule last.
    const refs = Object.values(vine.compile(vine.object({ probe: schema })).toJSON().refs) as any[]
    byFunction.set(refs[refs.length - 1].validator, name)
  }
  return byFunction
})()

interface Refs {
  [id: string]: any
}

function applyRules(node: any, refs: Refs, schema: JsonSchema) {
  // A pattern checked after a transform (trim, toUpperCase…) is not what the client must send.
  let transformed = false
  for (const validation of node.validations ?? []) {
    const ref = refs[validation.ruleFnId]
    const options = ref?.options ?? {}
    const rule = RULES.get(ref?.validator) ?? 'other'
    if (rule === 'other') transformed = true
    switch (rule) {
      case 'email':
        schema.format = 'email'
        break
      case 'url':
        schema.format = 'uri'
        break
      case 'uuid':
        schema.format = 'uuid'
        break
      case 'regex':
        if (options instanceof RegExp && !transformed) schema.pattern = options.source
        break
      case 'minLength':
        schema.minLength = options.min
        break
      case 'maxLength':
        schema.maxLength = options.max
        break
      case 'fixedLength':
        schema.minLength = schema.maxLength = options.size
        break
      case 'in':
        if (Array.isArray(options.choices)) schema.enum = options.choices
        break
      case 'min':
        schema.minimum = options.min
        break
      case 'max':
        schema.maximum = options.max
        break
      case 'range':
        schema.minimum = options.min
        schema.maximum = options.max
        break
      case 'positive':
        schema.exclusiveMinimum = 0
        break
      case 'negative':
        schema.exclusiveMaximum = 0
        break
      case 'withoutDecimals':
        schema.type = 'integer'
        break
      case 'arrayMinLength':
        schema.minItems = options.min
        break
      case 'arrayMaxLength':
        schema.maxItems = options.max
        break
      case 'arrayFixedLength':
        schema.minItems = schema.maxItems = options.size
        break
      case 'distinct':
        schema.uniqueItems = true
        break
      case 'notEmpty':
        schema.minItems = Math.max(1, schema.minItems ?? 0)
        break
    }
  }
  return schema
}

function nullable(node: any, schema: JsonSchema): JsonSchema {
  if (!node.allowNull) return schema
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] }
  return { anyOf: [schema, { type: 'null' }] }
}

function literal(node: any, refs: Refs): JsonSchema {
  switch (node.subtype) {
    case 'string':
      return applyRules(node, refs, { type: 'string' })
    case 'number':
      return applyRules(node, refs, { type: 'number' })
    case 'boolean':
      return { type: 'boolean' }
    case 'date':
      return applyRules(node, refs, { type: 'string', format: 'date' })
    case 'enum': {
      const choices = (node.validations ?? [])
        .map((v: any) => refs[v.ruleFnId]?.options?.choices)
        .find(Array.isArray)
      return choices ? { enum: choices } : {}
    }
    case 'file':
      return { type: 'string', format: 'binary' }
    default:
      return applyRules(node, refs, {})
  }
}

function convert(node: any, refs: Refs): JsonSchema {
  if (!node) return {}
  switch (node.type) {
    case 'object': {
      const properties: Record<string, JsonSchema> = {}
      const required: string[] = []
      for (const property of node.properties ?? []) {
        properties[property.fieldName] = convert(property, refs)
        if (!property.isOptional) required.push(property.fieldName)
      }
      const schema: JsonSchema = { type: 'object', properties }
      if (required.length) schema.required = required
      if (!node.allowUnknownProperties) schema.additionalProperties = false
      // Conditional groups add properties only in some cases: describe them as optional ones.
      for (const group of node.groups ?? []) {
        for (const condition of group.conditions ?? [])
          for (const property of condition.schema?.properties ?? [])
            properties[property.fieldName] ??= convert(property, refs)
      }
      return nullable(node, schema)
    }
    case 'array':
      return nullable(
        node,
        applyRules(node, refs, { type: 'array', items: convert(node.each, refs) })
      )
    case 'tuple':
      return nullable(node, {
        type: 'array',
        prefixItems: (node.properties ?? []).map((item: any) => convert(item, refs)),
      })
    case 'record':
      return nullable(node, { type: 'object', additionalProperties: convert(node.each, refs) })
    case 'union':
      return {
        anyOf: (node.conditions ?? []).map((condition: any) => convert(condition.schema, refs)),
      }
    case 'literal':
      return nullable(node, literal(node, refs))
    default:
      return {}
  }
}

/** The JSON Schema of what a compiled Vine validator accepts (types, required fields, enums, bounds, formats). */
export function vineToJsonSchema(validator: VineValidator<any, any>): JsonSchema {
  const { schema, refs } = validator.toJSON()
  return convert((schema as any).schema, refs as Refs)
}
