"""What the site's PDFs share (the invoice, the merchant's monthly statement): fpdf2's built-in
Helvetica, which knows Latin-1 only, and a table row of cells with a rule under them."""

from __future__ import annotations

from fpdf import FPDF


def latin(text: object) -> str:
    """Anything outside Latin-1 is shown as '?' (the built-in font has no other glyphs)."""
    return str(text).encode("latin-1", "replace").decode("latin-1")


class TablePdf(FPDF):
    row_font_size = 10
    row_height = 7

    def row(self, cells: list[tuple[str, float, str]], bold: bool = False) -> None:
        """(text, width, align) cells, each with a rule under it."""
        self.set_font("Helvetica", "B" if bold else "", self.row_font_size)
        for text, width, align in cells:
            self.cell(width, self.row_height, latin(text), border="B", align=align)
        self.ln()
