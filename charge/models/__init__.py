"""Charge's own rows: how a campaign plays it."""

from charge.models.setup import Setup

__all__ = ["Setup"]
