import vine from '@vinejs/vine'

/** A migration id in the URL. */
export const migrationIdValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().min(1).max(2_147_483_647) })
)
