"""Text as the site's PDFs can draw it: fpdf2's built-in Helvetica knows Latin-1 only. Its own
module so that the PDF table (pdf_table.py) and the pages that write text (invoice, statement)
share it without fpdf2 being imported before the first PDF (infra/pdf.py)."""

from __future__ import annotations


def latin(text: object) -> str:
    """Anything outside Latin-1 is shown as '?' (the built-in font has no other glyphs)."""
    return str(text).encode("latin-1", "replace").decode("latin-1")
