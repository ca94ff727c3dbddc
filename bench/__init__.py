"""``make bench``: performance measured against a floor, with budgets (see README, "Benchmark")."""
