"""What the site tells people when something happens: the subscribers that turn events into
notices, and each notice kind's words (issue 60.3: content no channel owns) (issue 51.1: the plumbing every area uses, the
outbox, channels and consent, is notifications/, which imports no area; this area sits above
the areas it tells of, and none imports it)."""

from terminal_shop.areas import Area

AREA = Area(
    subscribers=("subscribers",),  # every channel's messages (notifications/channels.py)
)
