"""What a clock tells the dice systems, so that a system acts on it without clocks/ knowing it."""

from django.dispatch import Signal

filled = Signal()
"""A change filled a clock (``clock``), inside that change's transaction."""

unfilled = Signal()
"""An undo left a full clock short of full (``clock``), inside the undo's transaction: what its filling
gave, a system takes back."""
