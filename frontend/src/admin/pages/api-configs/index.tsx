import { useState } from 'react'
import { ListBase } from 'react-admin'
import { PageHeader } from '../../components/PageHeader'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { useAdminTools } from '../../components/useAdminTools'
import { useAdminMutation } from '../../components/useAdminMutation'
import { ApiConfigCards } from './ApiConfigCards'
import { ApiConfigForm } from './ApiConfigForm'
import type { ApiConfig } from './types'

/** /admin/api-configs: enrolment endpoints called for every migrated member. */
function ApiConfigList() {
  const { dataProvider } = useAdminTools()
  const [deleting, setDeleting] = useState<ApiConfig | null>(null)

  // The toggle sends the same fields back; masked secrets are kept by the server.
  const sendToggle = (config: ApiConfig) => {
    const data = {
      name: config.name,
      endpointUrl: config.endpoint_url,
      authType: config.auth_type,
      authConfig: config.auth_config,
    }
    return dataProvider.update('api-configs', {
      id: config.id,
      data: { ...data, enabled: !config.enabled },
      previousData: config,
    })
  }
  const { mutate: toggle } = useAdminMutation(sendToggle, (_answer, config) =>
    config.enabled ? 'API disabled' : 'API enabled'
  )

  return (
    <>
      <PageHeader
        title="API Configs"
        subtitle="Enrolment APIs (DHIG) called once per migrated member after payment. Tokens and keys are never shown again."
      />
      <ApiConfigForm />
      <ListBase perPage={100} sort={{ field: 'id', order: 'ASC' }}>
        <ApiConfigCards onToggle={toggle} onDelete={setDeleting} />
      </ListBase>
      <DeleteConfirm
        record={deleting}
        title="Delete API configuration"
        content={`Delete "${deleting?.name ?? ''}"? Members migrated afterwards will not be enrolled through it.`}
        success="API configuration deleted successfully"
        onClose={() => setDeleting(null)}
      />
    </>
  )
}

/** The API configurations resource (/admin/api-configs). */
export default { list: ApiConfigList }
