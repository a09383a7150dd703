"""Reading bank statements and QRIS reports (services/orders/payments/statement.py): the shapes the
banks give, and every broken file refused with its line number, in Indonesian."""

from __future__ import annotations

from datetime import date

import pytest

from terminal_shop.services.orders.payments import statement
from terminal_shop.services.orders.payments.statement import Columns, StatementError
from terminal_shop.services.orders.payments.statement import StatementRefusal as R
from terminal_shop.services.orders.payments.terms import StatementSource

# As KlikBCA writes it: the currency is `Rp`, not `IDR`.
PREAMBLE = """No. rekening : 0123456789
Nama : PT TERMINALKU INDONESIA
Periode : {period}
Kode Mata Uang : Rp
"""


def bca(
    rows: list[str],
    period="01/11/2026 - 25/11/2026",
    header="Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo",
    footer=True,
) -> bytes:
    text = PREAMBLE.format(period=period) + "\n" + header + "\n" + "\n".join(rows) + "\n"
    if footer:
        text += '\nSaldo Awal,"100,000,000.00"\nMutasi Kredit,"{cr}",1\nMutasi Debet,"{db}",1\nSaldo Akhir,"1.00"\n'
    return text.encode()


ROWS = [
    '\'25/11,"TRSF E-BANKING CR 2511/FTSCY/WS95031 3498873.00 BUDI, SANTOSO",\'0000,"3,498,873.00",CR,"103,498,873.00"',
    '\'25/11,BIAYA ADM,\'0000,"10,000.00",DB,"103,488,873.00"',
    "'PEND,TRSF E-BANKING CR 2511/FTSCY/WS95099 348512.00 ANI,'0000,\"348,512.00\",CR,",
]


def with_totals(data: bytes, cr: str, db: str) -> bytes:
    return data.replace(b"{cr}", cr.encode()).replace(b"{db}", db.encode())


def test_a_klikbca_statement_reads_with_its_pending_and_debit_lines():
    s = statement.read(with_totals(bca(ROWS), "3,498,873.00", "10,000.00"))
    assert (s.source, s.account) == (StatementSource.BCA, "0123456789")
    credit, debit, pending = s.lines
    assert (credit.line, credit.booked_on, credit.amount_cents, credit.whole_rupiah) == (
        7,
        date(2026, 11, 25),
        349_887_300,
        3_498_873,
    )
    assert (
        credit.description == "TRSF E-BANKING CR 2511/FTSCY/WS95031 3498873.00 BUDI, SANTOSO"
    )  # the quoted comma kept
    assert (debit.amount_cents, debit.whole_rupiah) == (-1_000_000, None)  # shown, never matched
    assert (pending.pending, pending.booked_on, pending.whole_rupiah) == (True, None, None)


def test_the_empty_column_may_be_missing_with_cr_db_beside_the_amount():
    rows = ['\'03/11,SETORAN TUNAI,\'0998,"2,498,512.00 CR","102,498,512.00"']
    header = "Tanggal Transaksi,Keterangan,Cabang,Jumlah,Saldo"
    [line] = statement.read(with_totals(bca(rows, header=header), "2,498,512.00", "0.00")).lines
    assert (line.booked_on, line.whole_rupiah, line.balance_cents) == (date(2026, 11, 3), 2_498_512, 10_249_851_200)


@pytest.mark.parametrize("currency", [b"Rp", b"IDR", b"idr", b"RP", b"Rp."])
def test_the_rupiah_reads_however_the_export_names_it(currency):
    data = with_totals(bca(ROWS), "3,498,873.00", "10,000.00").replace(b": Rp", b": " + currency)
    assert statement.read(data).lines[0].whole_rupiah == 3_498_873


def test_a_preamble_and_footer_in_separate_cells_read_too():
    """Some KlikBCA exports put the colon in a cell of its own and quote the account."""
    preamble = (
        "No. rekening,:,'0123456789\nNama,:,PT TERMINALKU\nPeriode,:,01/11/2026 - 25/11/2026\n"
        "Kode Mata Uang,:,Rp\n\nTanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo\n"
    )
    footer = '\nSaldo Awal,:,"100,000,000.00"\nMutasi Kredit,:,"3,498,873.00",1\nMutasi Debet,:,"10,000.00",1\n'
    s = statement.read((preamble + "\n".join(ROWS) + "\n" + footer).encode())
    assert (s.source, s.account, len(s.lines)) == (StatementSource.BCA, "0123456789", 3)
    cut = (preamble + "\n".join(ROWS) + "\n" + footer.replace("3,498,873.00", "1.00")).encode()
    with pytest.raises(StatementError) as refused:
        statement.read(cut)
    assert refused.value.code is R.TOTALS
    assert "Mutasi Kredit Rp 1 tidak sama dengan jumlah baris Rp 3.498.873" in refused.value.text


def test_a_period_over_new_year_gives_each_date_its_own_year():
    rows = ["'30/12,A,'0000,100.00,CR,1.00", "'02/01,B,'0000,200.00,CR,1.00"]
    lines = statement.read(bca(rows, period="28/12/2026 - 03/01/2027", footer=False)).lines
    assert [ln.booked_on for ln in lines] == [date(2026, 12, 30), date(2027, 1, 2)]


def test_the_same_line_in_two_overlapping_files_has_one_identity():
    first = statement.read(bca(ROWS[:1], footer=False)).lines[0]
    wider = statement.read(bca(["'20/11,X,'0000,1.00,CR,1.00", *ROWS[:1]], footer=False)).lines[1]
    twice = statement.read(bca(ROWS[:1] * 2, footer=False)).lines
    assert first.identity == wider.identity
    assert twice[0].identity == first.identity != twice[1].identity  # two equal transfers are two lines


@pytest.mark.parametrize(
    "data, code, line",
    [
        (bca(["'25/11,X,'0000,abc,CR,1.00"], footer=False), R.AMOUNT, 7),
        (bca(["'31/02,X,'0000,1.00,CR,1.00"], footer=False), R.BCA_DATE, 7),
        (bca(["'26/11,X,'0000,1.00,CR,1.00"], footer=False), R.OUTSIDE, 7),
        (bca(["'25/11,X,'0000,1.00,,1.00"], footer=False), R.DIRECTION, 7),
        (bca(["'25/11,X"], footer=False), R.BCA_COLUMNS, 7),
        (bca(ROWS[:1], period="kemarin"), R.PERIOD, 3),
        (with_totals(bca(ROWS), "9,999,999.00", "10,000.00"), R.TOTALS, 12),
        (bca(ROWS[:1], footer=False).replace(b": Rp", b": USD"), R.CURRENCY, 4),
        (bca(ROWS[:1], footer=False).replace(b"Periode", b"Tanggal"), R.PERIOD_MISSING, 1),
        (PREAMBLE.format(period="01/11/2026 - 25/11/2026").encode(), R.BCA_HEADER, 4),
        (b"tanggal,nama\n2026-11-25,x\n", R.UNKNOWN_FORMAT, 1),
        (b'date,description,amount\n2026-11-25,"open quote,1\n', R.BROKEN, 2),
        (b"", R.EMPTY, 1),
    ],
)
def test_a_broken_file_is_refused_naming_its_line(data, code, line):
    with pytest.raises(StatementError) as refused:
        statement.read(data)
    assert (refused.value.code, refused.value.line) == (code, line)
    assert refused.value.text.startswith(f"Baris {line}: ")


def test_a_plain_csv_from_any_bank_reads_signed_amounts_and_both_date_shapes():
    data = b'date,description,amount\n2026-11-25,"Transfer dari BUDI, SANTOSO","3.498.873"\n25/11/2026,Biaya,-6500\n'
    s = statement.read(data)
    assert s.source is StatementSource.BANK
    assert [(ln.booked_on, ln.description, ln.amount_cents) for ln in s.lines] == [
        (date(2026, 11, 25), "Transfer dari BUDI, SANTOSO", 349_887_300),
        (date(2026, 11, 25), "Biaya", -650_000),
    ]


@pytest.mark.parametrize(
    "text, cents",
    [("3,498,873.00", 349_887_300), ("3.498.873,00", 349_887_300), ("3498873", 349_887_300), ("Rp 1.000", 100_000),
     ("-150.000", -15_000_000), ("(500)", -50_000), ("12.50", 1_250), ("1,5", 150)],
)  # fmt: skip
def test_amounts_read_with_either_separator(text, cents):
    assert statement.amount(text, 1) == cents


def test_a_qris_report_reads_with_the_columns_the_admin_named():
    data = b"Waktu,Nominal Transaksi,Bill No,RRN\n2026-11-25 10:21:00,349000,ba5297ab,123456789012\n"
    columns = Columns(date="Waktu", amount="Nominal Transaksi", reference="Bill No")
    [line] = statement.read_qris(data, columns).lines
    assert (line.booked_on, line.whole_rupiah, line.reference) == (date(2026, 11, 25), 349_000, "BA5297AB")
    with pytest.raises(statement.ColumnsMissing) as missing:
        statement.read_qris(data, Columns())
    assert missing.value.found == ["Waktu", "Nominal Transaksi", "Bill No", "RRN"]
    assert "kolom Tanggal, Nominal, Bill Number tidak ada di file" in str(missing.value)
