"""Payments checked against the money that arrived: the kode unik that makes each waiting
transfer's amount distinct, bank statements and QRIS reports matched to waiting orders, and
the fingerprints that tell a proof of payment used twice."""
