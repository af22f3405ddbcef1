/** A failure the CLI reports as one line and a non-zero exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1
  ) {
    super(message)
  }
}

/** The one-line reason of any failure: API errors, validation errors, prompts closed, the rest. */
export function reasonOf(error: any): { message: string; exitCode: number } {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode }
  if (error?.name === 'ExitPromptError') return { message: 'Cancelled', exitCode: 130 }
  if (error?.code === 'E_VALIDATION_ERROR' && Array.isArray(error.messages)) {
    return { message: error.messages[0]?.message ?? 'Invalid input', exitCode: 1 }
  }
  const message = String(error?.message ?? error).split('\n')[0]
  return { message, exitCode: 1 }
}

/**
 * Wraps a command's action: every failure becomes "error: <reason>" on
 * stderr and a non-zero exit code, never a stack trace.
 */
export function handled<Args extends unknown[]>(action: (...args: Args) => Promise<void>) {
  return async (...args: Args) => {
    try {
      await action(...args)
    } catch (error) {
      const { message, exitCode } = reasonOf(error)
      process.stderr.write(`error: ${message}\n`)
      process.exitCode = exitCode
    }
  }
}
