"""The signed intake of outside deliveries (issue 60.7): a delivery's signature and timestamp
window, its list of items, the answer that refuses it, and the refusals' hourly tallies.
Plumbing outside the areas: the acquirers' transactions, payouts and disputes and the fleet's
heartbeats each check their deliveries here and say what their items mean themselves."""
