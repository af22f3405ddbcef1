import PDFDocument from 'pdfkit'
import { productDocuments } from '#modules/documents/index'
import type { Language } from '#modules/shared/index'

/** The demo products whose members can buy online: each ships both documents in EN, DE and FR. */
const DEMO_PRODUCTS = ['Global Health Gold', 'Global Health Silver']

const WORDS: Record<
  Language,
  { conditions: string; pre_contract: string; sample: string; body: string[] }
> = {
  en: {
    conditions: 'Policy conditions',
    pre_contract: 'Pre-contract information',
    sample: 'Sample document of the demo: an insurer uploads its own in the back-office.',
    body: [
      'Who is covered: the members named in the policy confirmation.',
      'Cover: as in the Schedule of Benefits, up to the overall limit per member and year.',
      'Cooling-off: you may withdraw within the cooling-off period and get what you paid back.',
    ],
  },
  de: {
    conditions: 'Versicherungsbedingungen',
    pre_contract: 'Vorvertragliche Informationen',
    sample:
      'Musterdokument der Demo: Ein Versicherer lädt im Backoffice seine eigenen Dokumente hoch.',
    body: [
      'Versicherte Personen: die in der Versicherungsbestätigung genannten Mitglieder.',
      'Leistungen: laut Leistungsübersicht, bis zur Höchstgrenze je Mitglied und Jahr.',
      'Widerruf: Sie können innerhalb der Widerrufsfrist widerrufen und erhalten Ihre Zahlung zurück.',
    ],
  },
  fr: {
    conditions: 'Conditions générales',
    pre_contract: 'Informations précontractuelles',
    sample:
      'Document d’exemple de la démo : un assureur dépose ses propres documents dans le back-office.',
    body: [
      'Personnes couvertes : les membres nommés dans la confirmation de police.',
      'Garanties : selon le tableau des garanties, jusqu’au plafond par membre et par an.',
      'Rétractation : vous pouvez renoncer pendant le délai de rétractation et être remboursé.',
    ],
  },
}

function samplePdf(productName: string, title: string, sample: string, body: string[]) {
  // Fixed dates keep the file the same on every run.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${productName}: ${title}`, CreationDate: new Date(0), ModDate: new Date(0) },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  doc.font('Helvetica-Bold').fontSize(18).text(productName)
  doc.moveDown(0.3).fontSize(14).text(title)
  doc.moveDown().font('Helvetica-Oblique').fontSize(10).text(sample)
  doc.moveDown().font('Helvetica').fontSize(11)
  for (const line of body) doc.text(line).moveDown(0.5)
  doc.end()
  return done
}

/** The demo products' policy conditions and pre-contract information, in every language, once. */
export async function seedDemoProductDocuments() {
  for (const productName of DEMO_PRODUCTS)
    for (const language of Object.keys(WORDS) as Language[])
      for (const kind of ['conditions', 'pre_contract'] as const) {
        const words = WORDS[language]
        await productDocuments.provideSample({
          productName,
          kind,
          language,
          // ASCII: the name travels in a Content-Disposition header.
          fileName: `${productName} - ${words[kind]} (${language}).pdf`
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, ''),
          content: await samplePdf(productName, words[kind], words.sample, words.body),
        })
      }
}
