"""fpdf2's document with a table row: imported on the first PDF a worker makes (infra/pdf.py)."""

from __future__ import annotations

from fpdf import FPDF

from terminal_shop.formats import rupiah
from terminal_shop.infra.pdf_text import latin
from terminal_shop.tax import PPN_RATE, Tax


class TablePdf(FPDF):
    row_font_size = 10
    row_height = 7

    def row(self, cells: list[tuple[str, float, str]], bold: bool = False) -> None:
        """(text, width, align) cells, each with a rule under it."""
        self.set_font("Helvetica", "B" if bold else "", self.row_font_size)
        for text, width, align in cells:
            self.cell(width, self.row_height, latin(text), border="B", align=align)
        self.ln()

    def tax_rows(self, total: int, label: float, amount: float) -> None:
        """The PPN within a total as every document of ours states it (terminal_shop/tax.py):
        the price without PPN, the DPP nilai lain, the PPN; right-aligned under the lines."""
        tax = Tax.of(total)
        for text, value in (("Harga jual (tanpa PPN)", tax.price), ("DPP nilai lain (11/12 x harga jual)", tax.base),
                            (f"PPN {PPN_RATE}% x DPP", tax.ppn)):  # fmt: skip
            self.row([(text, label, "R"), (rupiah(value), amount, "R")])
