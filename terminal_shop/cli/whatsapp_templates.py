"""Print the WhatsApp message templates to submit to Meta for approval, exactly as the site
sends them: `python -m terminal_shop.cli.whatsapp_templates` (README, WhatsApp)."""

from __future__ import annotations

from terminal_shop.services.whatsapp.templates import TEMPLATES


def main() -> None:
    for t in TEMPLATES.values():
        print(f"Name: {t.key}   (sent as: {t.name})\nCategory: Utility   Language: Indonesian (id)\nBody: {t.body}")
        for i, what in enumerate(t.params, 1):
            print(f"  {{{{{i}}}}} = {what}")
        print()


if __name__ == "__main__":
    main()
