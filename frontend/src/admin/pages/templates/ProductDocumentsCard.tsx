import { useRef, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import UploadIcon from '@mui/icons-material/UploadFileOutlined'
import type { ApiAnswer } from '../../../common/api_contract'
import { SectionCard } from '../../components/SectionCard'
import { auditTime } from '../../audit/auditText'
import { useAdminTools } from '../../components/useAdminTools'
import { LANGUAGE_NAMES } from '../../../../../shared_data/languages'

type ProductDocument = ApiAnswer<'/api/admin/product-documents', 'get'>['documents'][number]
type Kind = ProductDocument['kind']
type Language = ProductDocument['language']

const KIND_LABELS: Record<Kind, string> = {
  conditions: 'Policy conditions',
  pre_contract: 'Pre-contract information',
}

/**
 * The PDFs a member can open on select and checkout before paying, one of each kind per product
 * and language (the member opens theirs, else the English one); a new upload replaces the older
 * file. Without both kinds a product cannot be bought online.
 */
export function ProductDocumentsCard() {
  const { dataProvider, dateFormat, toast } = useAdminTools()
  const [productName, setProductName] = useState('')
  const fileInput = useRef<HTMLInputElement>(null)
  const [kind, setKind] = useState<Kind>('conditions')
  const [language, setLanguage] = useState<Language>('en')
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const { data: documents, refetch } = useQuery({
    queryKey: ['product-documents'],
    queryFn: async () => (await dataProvider.productDocuments()).documents,
  })
  const upload = async (event: FormEvent) => {
    event.preventDefault()
    if (!file || !productName.trim()) return
    setBusy(true)
    try {
      await dataProvider.uploadProductDocument(productName.trim(), kind, language, file)
      toast.success('Document uploaded')
      await refetch()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The upload failed')
    } finally {
      setBusy(false)
    }
  }
  return (
    <SectionCard
      title="Product documents (before paying)"
      sx={{ mb: 3 }}
      data-testid="product-documents"
    >
      <Stack
        component="form"
        onSubmit={upload}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, mb: 2 }}
      >
        <TextField
          label="Product name"
          value={productName}
          onChange={(event) => setProductName(event.target.value)}
          required
          slotProps={{ htmlInput: { 'data-testid': 'product-document-product' } }}
        />
        <FormControl sx={{ minWidth: 220 }}>
          <InputLabel id="product-document-kind">Document</InputLabel>
          <Select
            labelId="product-document-kind"
            label="Document"
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
          >
            {(Object.keys(KIND_LABELS) as Kind[]).map((option) => (
              <MenuItem key={option} value={option}>
                {KIND_LABELS[option]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ minWidth: 140 }}>
          <InputLabel id="product-document-language">Language</InputLabel>
          <Select
            labelId="product-document-language"
            label="Language"
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language)}
          >
            {(Object.keys(LANGUAGE_NAMES) as Language[]).map((option) => (
              <MenuItem key={option} value={option}>
                {LANGUAGE_NAMES[option]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {/* A button that opens the file picker: a <label> styled as a button is no button to axe (aria-allowed-role). */}
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          onClick={() => fileInput.current?.click()}
        >
          {file ? file.name : 'Choose PDF'}
        </Button>
        <input
          ref={fileInput}
          hidden
          type="file"
          accept="application/pdf,.pdf"
          aria-label="Product document (PDF)"
          data-testid="product-document-file"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !file || !productName.trim()}
          data-testid="product-document-upload"
        >
          Upload
        </Button>
      </Stack>
      {(documents ?? []).length === 0 ? (
        <Typography color="text.secondary">
          No product documents yet: no product can be bought online until it has its policy
          conditions and pre-contract information.
        </Typography>
      ) : (
        <Stack spacing={0.5}>
          {documents!.map((document) => (
            <Typography
              key={document.id}
              variant="body2"
              data-testid={`product-document-${document.id}`}
            >
              {`${document.productName} · ${KIND_LABELS[document.kind]} · ${LANGUAGE_NAMES[document.language]} · ${document.fileName} · ${auditTime(document.uploadedAt, dateFormat)}`}
            </Typography>
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}
