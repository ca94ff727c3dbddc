"""What every app of the site shares: refusals, reading posted values, the htmx answer and the
live panels. It imports no app of ours, so every app may import it."""
