"""Charge's rules as pure Python: no Django, no I/O, exact odds, an injectable random source.

Modules: ``charge`` (dice, outcomes, risk, effect, odds, momentum), ``action_roll``,
``consequences`` (and determination), ``aftermath`` (what a roll changed, as data), ``fortune``,
``clocks``, ``characters``, ``progression``, ``dials``; ``readings`` holds the readings we adopt
where the texts are unclear.
"""
