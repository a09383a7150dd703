"""Devices: every terminal the company holds or has sold, known by its serial number, from
the shelf (`stok`) to active at its merchant (docs/decisions.md, Devices)."""
