"""fpdf2's document with a table row: imported on the first PDF a worker makes (infra/pdf.py)."""

from __future__ import annotations

from fpdf import FPDF

from terminal_shop.infra.pdf_text import latin


class TablePdf(FPDF):
    row_font_size = 10
    row_height = 7

    def row(self, cells: list[tuple[str, float, str]], bold: bool = False) -> None:
        """(text, width, align) cells, each with a rule under it."""
        self.set_font("Helvetica", "B" if bold else "", self.row_font_size)
        for text, width, align in cells:
            self.cell(width, self.row_height, latin(text), border="B", align=align)
        self.ln()
