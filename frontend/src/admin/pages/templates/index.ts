import { TemplateList } from './TemplateList'

/** The doc templates resource (/admin/templates): list with the Add Template form. */
export default { list: TemplateList }
