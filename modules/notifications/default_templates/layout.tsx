import type { ReactNode } from 'react'
import { Body, Container, Head, Heading, Hr, Html, Section, Text } from '@react-email/components'

/**
 * Shared frame of the built-in emails. Placeholders such as {{member_name}}
 * stay literal in the HTML and are filled when an email is sent.
 */
export function EmailLayout(props: {
  title: string
  children: ReactNode
  /** The catalogue's versions (localized.tsx) give their language and footer. */
  lang?: string
  footer?: string
}) {
  return (
    <Html lang={props.lang ?? 'en'}>
      <Head />
      <Body
        style={{
          backgroundColor: '#f4f5f7',
          fontFamily: 'Helvetica, Arial, sans-serif',
          margin: 0,
        }}
      >
        <Container
          style={{
            backgroundColor: '#ffffff',
            margin: '24px auto',
            padding: '32px',
            maxWidth: '600px',
            borderRadius: '8px',
          }}
        >
          <Heading as="h1" style={{ fontSize: '22px', color: '#1f2937' }}>
            {props.title}
          </Heading>
          <Section>{props.children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0' }} />
          <Text style={{ fontSize: '12px', color: '#6b7280' }}>
            {props.footer ?? (
              <>This message was sent by the member migration portal on {'{{current_date}}'}.</>
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}

export const paragraph = { fontSize: '15px', lineHeight: '24px', color: '#374151' }
