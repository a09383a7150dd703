"""Card and QRIS transactions from the acquirers, their MDR and their settlement day."""
