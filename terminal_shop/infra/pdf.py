"""What the site's PDFs share (the invoice, the merchant's monthly statement): fpdf2's built-in
Helvetica, which knows Latin-1 only (pdf_text.latin), and a table row of cells with a rule under them.

fpdf2 (with fontTools) is about 50 MB of a worker's memory: it is imported on the first PDF
the worker makes (`table_pdf`), not when the site starts (issue 51.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from terminal_shop.infra.pdf_table import TablePdf


def table_pdf(row_font_size: int = 10, row_height: int = 7) -> TablePdf:
    """A new A4 document whose `row` draws a table row at this size."""
    from terminal_shop.infra.pdf_table import TablePdf

    pdf = TablePdf(format="A4")
    pdf.row_font_size, pdf.row_height = row_font_size, row_height
    return pdf
