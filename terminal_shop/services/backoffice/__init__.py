"""The back office's reads across areas (the overview, the admin's order and merchant pages,
the audit view) and its few actions on a merchant: it sits above the areas and none imports it."""

from terminal_shop.areas import Area

AREA = Area()  # the back office's reads of every area: imported by none
