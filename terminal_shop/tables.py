"""Every table of the site, imported so SQLModel's metadata holds them all: migrations
(alembic/env.py), backups and the tests' checks of every table read it."""

from terminal_shop.infra import preferences  # noqa: F401 (its table)
from terminal_shop.intake import tables as intake_tables  # noqa: F401
from terminal_shop.services.audit import tables as audit_tables  # noqa: F401
from terminal_shop.services.customers import tables as customers_tables  # noqa: F401
from terminal_shop.services.devices import tables as devices_tables  # noqa: F401
from terminal_shop.services.disputes import tables as disputes_tables  # noqa: F401
from terminal_shop.services.events import tables as events_tables  # noqa: F401
from terminal_shop.services.fleet import tables as fleet_tables  # noqa: F401
from terminal_shop.services.lists import tables as lists_tables  # noqa: F401
from terminal_shop.services.merchant_team import tables as merchant_team_tables  # noqa: F401
from terminal_shop.services.notifications import tables as notifications_tables  # noqa: F401
from terminal_shop.services.orders import tables as orders_tables  # noqa: F401
from terminal_shop.services.orders.payments import tables as payments_tables  # noqa: F401
from terminal_shop.services.payouts import tables as payouts_tables  # noqa: F401
from terminal_shop.services.privacy import tables as privacy_tables  # noqa: F401
from terminal_shop.services.registrations import tables as registrations_tables  # noqa: F401
from terminal_shop.services.servicing import tables as servicing_tables  # noqa: F401
from terminal_shop.services.team import tables as team_tables  # noqa: F401
from terminal_shop.services.transactions import tables as transactions_tables  # noqa: F401
from terminal_shop.services.whatsapp import tables as whatsapp_tables  # noqa: F401
