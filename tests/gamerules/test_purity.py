"""gamerules stays framework-free: no Django, no database, no I/O."""

import ast
import inspect
from pathlib import Path

import gamerules
from gamerules import (
    action_roll,
    aftermath,
    characters,
    charge,
    clocks,
    consequences,
    fortune,
    progression,
)

PACKAGE = Path(gamerules.__file__).parent
FORBIDDEN = ("django", "requests", "psycopg", "redis")


def imported_modules(path: Path):
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_no_module_in_gamerules_imports_django_or_any_service_client():
    offenders = [f"{path.name} imports {module}"
                 for path in sorted(PACKAGE.rglob("*.py"))
                 for module in imported_modules(path)
                 if module.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_every_public_function_names_its_rulebook_section_or_reading():
    # Each docstring quotes a section ("...") or names a reading, so a reader can check it.
    missing = []
    for module in (charge, action_roll, aftermath, characters, clocks, consequences, fortune,
                   progression):
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("_") or function.__module__ != module.__name__:
                continue
            doc = function.__doc__ or ""
            if '"' not in doc and "reading" not in doc:
                missing.append(f"{module.__name__}.{name}")
    assert missing == []


def test_every_public_class_of_the_typed_roll_aftermath_names_its_section():
    missing = [name for name, cls in inspect.getmembers(aftermath, inspect.isclass)
               if not name.startswith("_") and cls.__module__ == aftermath.__name__
               and '"' not in (cls.__doc__ or "")]
    assert missing == []
