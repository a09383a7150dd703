"""A fake camera for the browser: a video file Chromium plays as the phone's camera
(--use-file-for-fake-video-capture), showing one unit's barcode as a label on its box does."""

from __future__ import annotations

from pathlib import Path

import barcode
from barcode.writer import ImageWriter
from PIL import Image

WIDTH, HEIGHT = 640, 480


def barcode_video(serial: str, path: Path, frames: int = 5) -> list[str]:
    """Writes a Y4M video of `serial` as Code 128 on white; returns Chromium's flags to use it."""
    label = barcode.get("code128", serial, writer=ImageWriter()).render({"module_height": 18, "quiet_zone": 4})
    label.thumbnail((WIDTH - 40, HEIGHT - 40))
    frame = Image.new("RGB", (WIDTH, HEIGHT), "white")
    frame.paste(label, ((WIDTH - label.width) // 2, (HEIGHT - label.height) // 2))
    y, cb, cr = frame.convert("YCbCr").split()
    half = (WIDTH // 2, HEIGHT // 2)
    planes = y.tobytes() + cb.resize(half).tobytes() + cr.resize(half).tobytes()  # 4:2:0
    with path.open("wb") as f:
        f.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            f.write(b"FRAME\n" + planes)
    return [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={path}",
    ]
