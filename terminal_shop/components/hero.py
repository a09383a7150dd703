"""The home page's hero carousel (its behaviour is in assets/js/site.js)."""

from __future__ import annotations

import reflex as rx

from terminal_shop import asset_links, content, routes
from terminal_shop.components.ui import (
    BTN_ACCENT,
    BTN_GHOST_LIGHT,
    container,
    icon,
    link_button,
)


def _slide(i: int, slide: dict[str, str]) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.h1(
                slide["title"],
                class_name="text-3xl font-extrabold leading-tight tracking-tight text-white sm:text-4xl lg:text-5xl",
            )
            if i == 0
            else rx.el.h2(
                slide["title"],
                class_name="text-3xl font-extrabold leading-tight tracking-tight text-white sm:text-4xl lg:text-5xl",
            ),
            rx.el.p(slide["text"], class_name="mt-4 max-w-xl text-base text-blue-100 sm:text-lg"),
            rx.el.div(
                link_button("Daftar Sekarang", routes.REGISTER, BTN_ACCENT),
                link_button("Pelajari Selengkapnya", slide["link"], BTN_GHOST_LIGHT),
                class_name="mt-8 flex flex-wrap gap-3",
            ),
            class_name="flex-1",
        ),
        rx.el.img(
            src=asset_links.url(slide["image"]),
            alt=slide["image_alt"],
            width="220",
            height="300",
            class_name="hidden h-64 w-auto drop-shadow-2xl md:block lg:h-80",
            loading="eager" if i == 0 else "lazy",
            # the first slide's picture is the desktop hero (vector: one file for every screen)
            custom_attrs={"fetchPriority": "high" if i == 0 else "low"},
        ),
        data_slide=str(i),
        aria_hidden="false" if i == 0 else "true",
        aria_roledescription="slide",
        aria_label=f"{i + 1} dari {len(content.HERO_SLIDES)}",
        class_name="slide flex items-center gap-10" + (" slide-active" if i == 0 else ""),
    )


def hero() -> rx.Component:
    n = len(content.HERO_SLIDES)
    arrow = "absolute top-1/2 z-10 -translate-y-1/2 flex h-11 w-11 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white"
    return rx.el.section(
        container(
            rx.el.div(
                *[_slide(i, s) for i, s in enumerate(content.HERO_SLIDES)],
                class_name="slides relative min-h-[22rem] sm:min-h-[20rem]",
            ),
            rx.el.button(
                icon("chevron-left", "h-6 w-6"),
                type="button",
                aria_label="Slide sebelumnya",
                data_prev="",
                class_name=f"{arrow} left-1 sm:-left-2",
            ),
            rx.el.button(
                icon("chevron-right", "h-6 w-6"),
                type="button",
                aria_label="Slide berikutnya",
                data_next="",
                class_name=f"{arrow} right-1 sm:-right-2",
            ),
            rx.el.div(
                *[
                    rx.el.button(
                        rx.el.span(class_name="dot-mark h-2.5 w-2.5 rounded-full bg-white/40"),
                        type="button",
                        aria_label=f"Ke slide {i + 1}",
                        aria_current="true" if i == 0 else "false",
                        data_dot=str(i),
                        # 44 px to tap on a phone, the dot itself drawn inside
                        class_name="dot flex h-11 min-w-11 items-center justify-center"
                        + (" dot-active" if i == 0 else ""),
                    )
                    for i in range(n)
                ],
                rx.el.button(  # WCAG 2.2.2: moving content can be stopped (site.js)
                    icon("pause", "h-4 w-4"),
                    type="button",
                    aria_label="Hentikan putar otomatis",
                    aria_pressed="false",
                    data_carousel_pause="",
                    class_name="flex h-11 w-11 items-center justify-center rounded-full text-white/80 hover:text-white",
                ),
                class_name="mt-6 flex items-center justify-center",
            ),
            class_name="relative px-10 py-14 sm:px-12 sm:py-20",
        ),
        data_carousel="",
        data_index="0",
        aria_roledescription="carousel",
        aria_label="Sorotan produk",
        class_name="bg-gradient-to-br from-blue-800 via-blue-700 to-indigo-800",
    )
