import { latin1 } from "./bytes.ts"
import { buildPdf } from "./pdf-builder.ts"

/**
 * A minimal valid one-page PDF that shows `text` in Helvetica, as a latin1 string (one
 * character a byte): the smallest real PDF that pdf.js reads back, for tests.
 */
export const minimalPdf = (text: string): string =>
  latin1(
    buildPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
      { dict: "", stream: `BT /F1 24 Tf 72 720 Td (${text}) Tj ET` },
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]),
  )
