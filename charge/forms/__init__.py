"""Charge's forms, one module a noun."""
