import { useState, type ReactNode } from 'react'
import { Form, SaveButton, type RaRecord } from 'react-admin'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type Breakpoint,
} from '@mui/material'
import { describeError, useSessionEnded } from './adminErrors'
import { submissionErrors } from './formErrors'

/** A refused save: the spec's message for the dialog's alert and the fields it concerns. */
export interface FormProblem {
  message: string
  fields?: Record<string, string>
}

/**
 * A dialog holding a react-admin <Form>: the spec's check runs first (its message in the alert,
 * its fields marked), then `onSave`; a server error is shown in the alert and a 422's field errors
 * on their inputs. A 401 ends the session (authProvider.checkError) instead.
 */
export function FormDialog<T extends Record<string, any>>(props: {
  open: boolean
  title: string
  testId: string
  submitTestId?: string
  submitLabel: string
  record?: Partial<RaRecord> | null
  maxWidth?: Breakpoint
  check?: (values: T) => FormProblem | null
  onSave: (values: T) => Promise<void>
  onClose: () => void
  children: ReactNode
}) {
  const sessionEnded = useSessionEnded()
  const [error, setError] = useState<string | null>(null)

  const submit = async (values: T) => {
    const problem = props.check?.(values) ?? null
    if (problem) {
      setError(problem.message)
      return problem.fields
    }
    setError(null)
    try {
      await props.onSave(values)
    } catch (failure) {
      if (await sessionEnded(failure)) return
      setError(describeError(failure))
      return submissionErrors(failure)
    }
  }

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth={props.maxWidth ?? 'xs'}
      fullWidth
      data-testid={props.testId}
      slotProps={{ transition: { onExited: () => setError(null) } }}
    >
      <Form
        record={props.record ?? undefined}
        onSubmit={submit as (values: Record<string, any>) => Promise<any>}
        noValidate
        disableInvalidFormNotification
      >
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent dividers>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid={`${props.testId}-error`}>
              {error}
            </Alert>
          ) : null}
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <SaveButton
            label={props.submitLabel}
            alwaysEnable
            data-testid={props.submitTestId ?? `${props.testId}-submit`}
          />
        </DialogActions>
      </Form>
    </Dialog>
  )
}
