from tests.rolls.conftest import crew  # noqa: F401  (fixtures the language tests share with the rolls tests)
