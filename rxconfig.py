"""Reflex configuration; every value comes from terminal_shop.infra.settings."""

import reflex as rx

from terminal_shop.infra.settings import get_settings, private_files

private_files()  # every Reflex process reads this first: tab state and stored files stay 0600
settings = get_settings()

config = rx.Config(
    app_name="terminal_shop",
    db_url=settings.database_url,
    api_url=settings.public_url,
    deploy_url=settings.public_url,  # the sitemap's absolute addresses  # the browser reaches the backend where it reaches the site (a proxy)
    redis_url=settings.redis_url or None,
    state_manager_mode="redis" if settings.redis_url else "disk",
    cors_allowed_origins=list(settings.cors_origins),
    trusted_proxy_hops=settings.trusted_proxy_hops,
    redis_token_expiration=settings.state_expiry_seconds,
    telemetry_enabled=False,
    show_built_with_reflex=False,
    plugins=[rx.plugins.TailwindV4Plugin(), rx.plugins.SitemapPlugin()],
)
