"""Disputes (Sengketa, issue 47.4): chargebacks the acquirer opens, updates and closes through
its signed webhook; the merchant answers each before its deadline with evidence, accepting or
contesting; the admin sends the evidence on; a lost one becomes a chargeback on a payout."""
