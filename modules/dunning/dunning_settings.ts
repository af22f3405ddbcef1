import { settingsService } from '#modules/settings/index'

/** Days after the failure on which reminders go out, ascending ('' or '0' turns reminders off). */
export async function dunningReminderDays(): Promise<number[]> {
  const text = await settingsService.get('DUNNING_REMINDER_DAYS', '3,7')
  const days = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((day) => Number.isInteger(day) && day > 0)
  return [...new Set(days)].sort((a, b) => a - b)
}
