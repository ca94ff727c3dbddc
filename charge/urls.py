"""Charge's own pages, under c/<campaign>/ (config/urls.py); every other system's campaigns answer
them with 404 (charge/site.py)."""

from django.urls import path  # noqa: F401 (each section below adds its pages)

urlpatterns = [
    # Rolls: the action roll, rolls on their way, consequences, threats, the other rolls.
    # The sheet: a character's numbers, talents, ties, attachments, goals, spells, playbooks.
    # The campaign's Extras and bookkeeping: party, world tables, resources, market, dials, milestones.
]
