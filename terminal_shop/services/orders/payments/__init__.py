"""The orders' payments checked against the money that arrived: bank statements and QRIS
reports matched to the orders waiting for payment (by the kode unik's exact amount, or the
bill number), by hand where no line fits. Part of the orders area: a statement line is
matched in the same query as the orders it may pay (issue 51.1)."""
