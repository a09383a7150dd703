"""The merchant's money (issue 47): what each acquirer pays a merchant account (MID) for each
settlement day, made of its transactions, refunds, chargebacks and adjustments, and where it
is (Dijadwalkan, Dikirim, Diterima)."""
