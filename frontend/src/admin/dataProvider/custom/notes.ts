import { call } from '../httpClient'
import { query } from '../crud'
import type { ApiAnswer } from '../../../common/api_contract'

type NoteEntity = 'member' | 'migration'

/** Administrators' notes on a member or a migration (their author or an Owner changes them). */
export const noteMethods = {
  notes: (entityType: NoteEntity, entityId: number | string) =>
    call<ApiAnswer<'/api/admin/notes', 'get'>>(
      'GET',
      `/admin/notes${query({ entityType, entityId: String(entityId) })}`
    ),
  addNote: (entityType: NoteEntity, entityId: number | string, body: string) =>
    call<ApiAnswer<'/api/admin/notes', 'post'>>('POST', '/admin/notes', {
      entityType,
      entityId: Number(entityId),
      body,
    }),
  editNote: (id: number, body: string) =>
    call<ApiAnswer<'/api/admin/notes/{id}', 'put'>>('PUT', `/admin/notes/${id}`, { body }),
  deleteNote: (id: number) =>
    call<ApiAnswer<'/api/admin/notes/{id}', 'delete'>>('DELETE', `/admin/notes/${id}`),
}
