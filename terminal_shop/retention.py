"""`python -m terminal_shop.retention run [--dry-run]`: the command's name as operators type it
(the command itself is terminal_shop/cli/retention.py, with the others)."""

from terminal_shop.cli.retention import main

if __name__ == "__main__":
    main()
