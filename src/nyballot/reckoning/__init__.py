"""Reckoning time as New York law does: date arithmetic, public holidays and business days."""
