from django.core.management.commands import makemessages


class Command(makemessages.Command):
    """Django's makemessages, also gathering the rules' own phrases (gamerules/words.py)."""

    xgettext_options = [*makemessages.Command.xgettext_options,
                        "--keyword=said", "--keyword=said_as:1c,2", "--keyword=said_n:1,2"]
