"""What a clock tells the dice systems, so that a system acts on it without clocks/ knowing it."""

from django.dispatch import Signal

filled = Signal()
"""A change filled a clock (``clock``), inside that change's transaction."""
