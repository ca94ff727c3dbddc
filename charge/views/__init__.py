"""Charge's pages, one module a noun: access helper, form, action, render."""
