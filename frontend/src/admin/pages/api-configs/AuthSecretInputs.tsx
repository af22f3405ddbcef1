import { FormDataConsumer, PasswordInput, required, TextInput } from 'react-admin'

/** The Add API form's values. */
export type ApiConfigValues = {
  name?: string | null
  endpointUrl?: string | null
  cancellationEndpointUrl?: string | null
  authType: 'none' | 'bearer' | 'api_key'
  token?: string | null
  key?: string | null
  header?: string | null
  enabled: boolean
}

/** The chosen auth type's secret, masked: a bearer token, or an API key and its header; none for None. */
export function AuthSecretInputs() {
  return (
    <FormDataConsumer<ApiConfigValues>>
      {({ formData }) =>
        formData.authType === 'bearer' ? (
          <PasswordInput
            source="token"
            label="Token"
            autoComplete="new-password"
            validate={required('A bearer token is required')}
            fullWidth
          />
        ) : formData.authType === 'api_key' ? (
          <>
            <PasswordInput
              source="key"
              label="API key"
              autoComplete="new-password"
              validate={required('An API key is required')}
              fullWidth
            />
            <TextInput source="header" label="Header" sx={{ minWidth: 200 }} />
          </>
        ) : null
      }
    </FormDataConsumer>
  )
}
