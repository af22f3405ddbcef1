/** The principal's fields a migration keeps as they were when it was created. */
interface PrincipalFields<DateValue> {
  id: number
  member_id: string
  insured_full_name: string
  email: string | null
  date_of_birth: DateValue
  product_name: string | null
  plan_name: string | null
}

/**
 * The migration columns copied from its principal: the record shows who
 * migrated and on which product even if the member is edited later. The
 * date stays in the form given (a model's DateTime or a raw row's text).
 */
export function principalSnapshot<DateValue>(principal: PrincipalFields<DateValue>) {
  return {
    member_id: principal.id,
    insured_full_name: principal.insured_full_name,
    member_id_str: principal.member_id,
    email: principal.email,
    date_of_birth: principal.date_of_birth,
    product_name: principal.product_name,
    plan_name: principal.plan_name,
  }
}
