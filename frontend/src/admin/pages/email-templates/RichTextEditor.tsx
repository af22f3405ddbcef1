import {
  useEffect,
  useImperativeHandle,
  useRef,
  type ComponentType,
  type MouseEvent,
  type Ref,
} from 'react'
import { Box, Divider, FormHelperText, MenuItem, Select, type SvgIconProps } from '@mui/material'
import { useInput, ValidationError } from 'react-admin'
import BoldIcon from '@mui/icons-material/FormatBold'
import ItalicIcon from '@mui/icons-material/FormatItalic'
import UnderlineIcon from '@mui/icons-material/FormatUnderlined'
import StrikeIcon from '@mui/icons-material/StrikethroughS'
import ColorIcon from '@mui/icons-material/FormatColorText'
import BackgroundIcon from '@mui/icons-material/FormatColorFill'
import OrderedIcon from '@mui/icons-material/FormatListNumbered'
import BulletIcon from '@mui/icons-material/FormatListBulleted'
import AlignLeftIcon from '@mui/icons-material/FormatAlignLeft'
import AlignCenterIcon from '@mui/icons-material/FormatAlignCenter'
import AlignRightIcon from '@mui/icons-material/FormatAlignRight'
import AlignJustifyIcon from '@mui/icons-material/FormatAlignJustify'
import LinkIcon from '@mui/icons-material/InsertLink'
import ImageIcon from '@mui/icons-material/InsertPhotoOutlined'
import ClearIcon from '@mui/icons-material/FormatClear'
import { IconAction } from '../../components/IconAction'
import { sanitizeEditorHtml } from './sanitizeEditorHtml'

type Icon = ComponentType<SvgIconProps>
/** A toolbar button keeps the editor's selection (a click would otherwise move the focus off it). */
const keepSelection = (e: MouseEvent) => e.preventDefault()
/** A colour button opens the colour input next to it (an input inside a button is a nested control). */
const openPicker = (e: MouseEvent<HTMLElement>) =>
  (e.currentTarget.nextElementSibling as HTMLInputElement | null)?.click()

/**
 * The email template editor: a contentEditable area 400 px high with the
 * spec's toolbar (headers 1-3, bold, italic, underline, strike, colour,
 * background, ordered and bullet lists, alignment, link, image, clean).
 * Built on document.execCommand: stored templates are whole email layouts (tables, inline styles)
 * that a schema-based editor would rewrite; the server sanitises whatever HTML it receives.
 * It is the form's `html_content` input (react-admin): 422s and required are shown under it.
 */
export function RichTextEditor({ ref }: { ref?: Ref<(text: string) => void> }) {
  const editor = useRef<HTMLDivElement>(null)
  const { field, fieldState } = useInput({ source: 'html_content' })
  const value: string = field.value ?? ''

  // Only write the DOM when the value changes from outside (not on every keystroke: that would move the caret).
  // Never the raw stored HTML: it is sanitised first (a meta refresh would navigate away).
  useEffect(() => {
    if (editor.current && editor.current.innerHTML !== value)
      editor.current.innerHTML = sanitizeEditorHtml(value)
  }, [value])

  const emit = () => field.onChange(editor.current?.innerHTML ?? '')
  const exec = (command: string, value?: string) => {
    editor.current?.focus()
    document.execCommand(
      'styleWithCSS',
      false,
      command === 'foreColor' || command === 'hiliteColor' ? 'true' : 'false'
    )
    document.execCommand(command, false, value)
    emit()
  }

  // `ref` inserts a text at the cursor (the variables list).
  useImperativeHandle(ref, () => (text: string) => exec('insertText', text))

  // Link and Image ask for their address first: nothing happens without one.
  const run = (command: string, ask?: string) => {
    if (!ask) return exec(command)
    const url = window.prompt(ask)
    if (url) exec(command, url)
  }
  const button = (label: string, icon: Icon, command: string, ask?: string) => (
    <IconAction
      key={label}
      title={label}
      icon={icon}
      onMouseDown={keepSelection}
      onClick={() => run(command, ask)}
    />
  )

  const colorPicker = (label: string, icon: Icon, command: string) => (
    <Box key={label} sx={{ position: 'relative', display: 'inline-flex' }}>
      <IconAction title={label} icon={icon} onMouseDown={keepSelection} onClick={openPicker} />
      <input
        type="color"
        tabIndex={-1}
        aria-hidden="true"
        style={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          opacity: 0,
          width: 1,
          height: 1,
          pointerEvents: 'none',
        }}
        onChange={(e) => exec(command, e.target.value)}
      />
    </Box>
  )

  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        role="toolbar"
        aria-label="Formatting"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.25,
          px: 1,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
        }}
      >
        <Select
          size="small"
          value=""
          displayEmpty
          onChange={(e) => exec('formatBlock', String(e.target.value))}
          sx={{
            'minWidth': 120,
            'mr': 0.5,
            'bgcolor': 'background.paper',
            '& .MuiSelect-select': { py: 0.5 },
          }}
          inputProps={{ 'aria-label': 'Heading' }}
          renderValue={() => 'Paragraph'}
        >
          <MenuItem value="P">Normal text</MenuItem>
          <MenuItem value="H1">Heading 1</MenuItem>
          <MenuItem value="H2">Heading 2</MenuItem>
          <MenuItem value="H3">Heading 3</MenuItem>
        </Select>
        {button('Bold', BoldIcon, 'bold')}
        {button('Italic', ItalicIcon, 'italic')}
        {button('Underline', UnderlineIcon, 'underline')}
        {button('Strike', StrikeIcon, 'strikeThrough')}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        {colorPicker('Text colour', ColorIcon, 'foreColor')}
        {colorPicker('Background colour', BackgroundIcon, 'hiliteColor')}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        {button('Numbered list', OrderedIcon, 'insertOrderedList')}
        {button('Bullet list', BulletIcon, 'insertUnorderedList')}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        {button('Align left', AlignLeftIcon, 'justifyLeft')}
        {button('Align centre', AlignCenterIcon, 'justifyCenter')}
        {button('Align right', AlignRightIcon, 'justifyRight')}
        {button('Justify', AlignJustifyIcon, 'justifyFull')}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        {button('Link', LinkIcon, 'createLink', 'Link address (https://… or {{frontend_url}}/…)')}
        {button('Image', ImageIcon, 'insertImage', 'Image address (https://…)')}
        {button('Clear formatting', ClearIcon, 'removeFormat')}
      </Box>
      <Box
        ref={editor}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label="Email content"
        data-testid="rich-text-editor"
        onInput={emit}
        onBlur={emit}
        sx={{
          'height': 400,
          'overflowY': 'auto',
          'p': 2,
          'outline': 'none',
          'fontSize': 15,
          'lineHeight': 1.6,
          '& img': { maxWidth: '100%' },
          '&:focus': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.light}` },
        }}
      />
      {fieldState.error ? (
        <FormHelperText error sx={{ mx: 2, mb: 1 }}>
          <ValidationError error={fieldState.error.message!} />
        </FormHelperText>
      ) : null}
    </Box>
  )
}
