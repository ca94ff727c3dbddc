"""Charge's writes that touch several models, atomic and keyed against repeats, one module a noun."""
